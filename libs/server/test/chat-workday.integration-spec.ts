/**
 * The chat a manager keeps open all day over real HTTP, with the offline engine and the
 * sample shop database: feedback addressed to one history entry (a thumbs-up makes a candidate of THAT entry's
 * question and SQL; 404 for an entry not in the session, 400 for one that is not an answer; without entry_id the
 * latest question, as before), the first page of each answer's rows kept in history with the row and byte caps and
 * returned by GET /api/sessions/{id} with its chart, the schema endpoint and example questions that each answer.
 * On the SQLite state store and on PostgreSQL state (skipped with a printed reason when PostgreSQL is unreachable);
 * the example questions also on a database nlq knows nothing about, Chinook from /work/shared/eval (skipped with a
 * printed reason when /work/shared is absent).
 */
import { HISTORY_RESULT_MAX_BYTES, HISTORY_RESULT_MAX_ROWS } from '@nlq/contracts';
import { describeWith } from '@nlq/test-services';
import fs from 'node:fs';
import path from 'node:path';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdef';
const CHINOOK = '/work/shared/eval/chinook_nss/database/chinook/chinook.sqlite';

jest.setTimeout(120_000);

function scenario(stateEnv: () => Record<string, string> | null) {
  let t: TestApp | null = null;
  const dataDir = makeDataDir();
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('rates any answer by its entry, keeps the first page of rows, serves the schema and checked example questions', async () => {
    const state = stateEnv();
    if (!state) return;
    t = await startTestApp({
      DATA_DIR: dataDir,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}:analyst,bob:${BOB}:analyst`,
      LLM_PROVIDER: 'offline',
      ...state,
    });
    const app = t;
    const api = (route: string, key: string, body?: unknown) =>
      call(`${app.url}${route}`, { body, headers: { 'x-api-key': key } });
    const ask = async (question: string, session?: string) => {
      const res = await api('/api/chat', ALICE, { question, ...(session ? { session_id: session } : {}) });
      expect(res.body).toMatchObject({ success: true });
      return res.body as {
        session_id: string;
        history_entry_id: string;
        sql: string;
        rows: unknown[][];
        columns: string[];
      };
    };
    const candidates = async () =>
      (await api('/api/knowledge/examples?status=candidate', SERVICE)).body.items as Array<Record<string, any>>;

    // two answers in one session; rate the FIRST: its question and SQL become the candidate, not the latest's
    const first = await ask('How many customers are there?');
    const session = first.session_id;
    const second = await ask('total sales by category', session);
    expect(second.history_entry_id).not.toBe(first.history_entry_id);
    const rated = await api(`/api/sessions/${session}/feedback`, ALICE, {
      signal: 'positive',
      entry_id: first.history_entry_id,
    });
    expect(rated).toMatchObject({ status: 200, body: { status: 'ok', signal: 'positive' } });
    expect(await candidates()).toEqual([
      expect.objectContaining({
        question: 'How many customers are there?',
        sql: first.sql,
        source_entry_id: first.history_entry_id,
      }),
    ]);
    let detail = (await api(`/api/sessions/${session}`, ALICE)).body;
    expect(detail.feedback).toEqual([
      expect.objectContaining({
        signal: 'positive',
        ref_id: first.history_entry_id,
        question: 'How many customers are there?',
      }),
    ]);

    // without entry_id: the latest answer, as before (and as POST /feedback/{session_id})
    await api(`/api/sessions/${session}/feedback`, ALICE, { signal: 'negative' });
    detail = (await api(`/api/sessions/${session}`, ALICE)).body;
    expect(detail.feedback.map((f: any) => [f.signal, f.ref_id])).toEqual([
      ['positive', first.history_entry_id],
      ['negative', second.history_entry_id],
    ]);

    // an entry not in the session is 404 (also another session's), one that is not an answer 400, a bad id 400
    const other = await ask('How many products are there?');
    const notHere = await api(`/api/sessions/${session}/feedback`, ALICE, {
      signal: 'positive',
      entry_id: other.history_entry_id,
    });
    expect(notHere).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const feedbackEntry = detail.feedback[0].id as string;
    const notAnswer = await api(`/api/sessions/${session}/feedback`, ALICE, {
      signal: 'positive',
      entry_id: feedbackEntry,
    });
    expect(notAnswer).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION',
        details: [{ field: 'entry_id', problems: [expect.stringMatching(/not an answer/)] }],
      },
    });
    expect((await api(`/api/sessions/${session}/feedback`, ALICE, { signal: 'positive', entry_id: 42 })).status).toBe(
      400,
    );
    // another user's session stays 404, entry or not
    expect(
      (await api(`/api/sessions/${session}/feedback`, BOB, { signal: 'positive', entry_id: first.history_entry_id }))
        .status,
    ).toBe(404);

    // the history keeps each answer's rows (first page) with the chart suggestion, so a reload shows the table
    const queries = detail.history.filter((e: any) => e.kind === 'query');
    expect(queries[0].result).toEqual({
      columns: first.columns,
      rows: first.rows,
      more: false,
      chart: { type: 'number', y: first.columns },
    });
    expect(queries[1].result).toMatchObject({
      columns: second.columns,
      rows: second.rows,
      more: false,
      chart: { type: 'bar', x: second.columns[0] },
    });
    expect(queries[1].result.rows.length).toBe(10);
    expect(detail.feedback.every((f: any) => f.result === undefined)).toBe(true);

    // beyond the row cap: the first 100 rows, `more` set; the live answer had them all
    const many = await ask('List all customers', session);
    expect(many.rows.length).toBeGreaterThan(HISTORY_RESULT_MAX_ROWS);
    const kept = (await api(`/api/sessions/${session}`, ALICE)).body.history.find(
      (e: any) => e.id === many.history_entry_id,
    ).result;
    expect(kept.more).toBe(true);
    expect(kept.rows).toEqual(many.rows.slice(0, kept.rows.length));
    expect(kept.rows.length).toBeLessThanOrEqual(HISTORY_RESULT_MAX_ROWS);
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(
      Buffer.byteLength(JSON.stringify({ columns: kept.columns, rows: kept.rows, more: kept.more })),
    ).toBeLessThanOrEqual(HISTORY_RESULT_MAX_BYTES);

    // the schema of the connection: tables, typed columns, primary and foreign keys
    const schema = await api('/api/connections/default/schema', ALICE);
    expect(schema.status).toBe(200);
    const orders = schema.body.tables.find((x: any) => x.name === 'orders');
    expect(orders.primary_key).toEqual(['order_id']);
    expect(orders.columns).toContainEqual({
      name: 'customer_id',
      type: 'INTEGER',
      nullable: false,
      primary_key: false,
      references: { table: 'customers', column: 'customer_id' },
      description: null,
    });
    expect(orders.foreign_keys).toContainEqual({
      columns: ['customer_id'],
      referenced_table: 'customers',
      referenced_columns: ['customer_id'],
    });
    expect(schema.body.tables.map((x: any) => x.name)).toEqual([...schema.body.tables.map((x: any) => x.name)].sort());
    expect(JSON.stringify(schema.body)).not.toMatch(/sampleValues|knownValues/);
    expect((await api('/api/connections/no-such-connection/schema', ALICE)).status).toBe(404);

    // example questions built from that schema: at least three, each answered with rows when asked
    const examples = await api('/api/connections/default/example-questions', ALICE);
    expect(examples.body).toMatchObject({ connection_id: 'default', schema_version: schema.body.version });
    console.info(`example questions of the sample database: ${JSON.stringify(examples.body.questions)}`);
    expect(examples.body.questions.length).toBeGreaterThanOrEqual(3);
    for (const question of examples.body.questions as string[]) {
      const answer = (await api('/api/chat', ALICE, { question })).body;
      expect({ question, success: answer.success, rows: answer.row_count > 0 }).toEqual({
        question,
        success: true,
        rows: true,
      });
    }
    // cached per schema version: the same list again
    expect((await api('/api/connections/default/example-questions', ALICE)).body.questions).toEqual(
      examples.body.questions,
    );
    expect((await api('/api/connections/no-such-connection/example-questions', ALICE)).status).toBe(404);
  });
}

describe('chat workday endpoints with SQLite state', () => {
  scenario(() => ({}));
});

describeWith('postgresql')('chat workday endpoints with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_chat_workday', 'Skipping the PostgreSQL state test of the chat workday endpoints');
  scenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});

describe('example questions on a database nlq has never seen (Chinook)', () => {
  const dataDir = makeDataDir();
  let t: TestApp | null = null;
  afterAll(async () => {
    await t?.close();
    removeDataDir(dataDir);
  });

  it('builds at least three questions from its schema, each of which answers', async () => {
    if (!fs.existsSync(CHINOOK)) {
      console.warn(`Skipping the Chinook example-question test: ${CHINOOK} is absent (/work/shared not mounted)`);
      return;
    }
    const copy = path.join(dataDir, 'chinook.sqlite');
    fs.copyFileSync(CHINOOK, copy);
    t = await startTestApp({
      DATA_DIR: dataDir,
      SERVICE_API_KEY: SERVICE,
      LLM_PROVIDER: 'offline',
      QUERY_DATABASE_URL: `sqlite:///${copy}`,
    });
    const app = t;
    const api = (route: string, body?: unknown) =>
      call(`${app.url}${route}`, { body, headers: { 'x-api-key': SERVICE } });
    const schema = (await api('/api/connections/default/schema')).body;
    expect(schema.tables.map((x: any) => x.name)).toEqual(expect.arrayContaining(['Album', 'Artist', 'Track']));
    const { questions } = (await api('/api/connections/default/example-questions')).body as { questions: string[] };
    console.info(`example questions of Chinook: ${JSON.stringify(questions)}`);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    // built from this schema's own names, never the sample shop's
    expect(questions.join(' ')).not.toMatch(/customers are there per segment|categor/i);
    for (const question of questions) {
      const answer = (await api('/api/chat', { question })).body;
      expect({ question, success: answer.success, rows: answer.row_count > 0 }).toEqual({
        question,
        success: true,
        rows: true,
      });
    }
  });
});
