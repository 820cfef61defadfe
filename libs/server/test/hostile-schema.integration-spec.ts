/**
 * Hostile-schema conformance: on SQLite, PostgreSQL and MariaDB, a database whose names are JavaScript
 * prototype keys, SQL keywords, quoted, spaced, dotted and non-ASCII, with a 400-column table, a view, an empty table
 * and the engine's unusual column types (support/hostile-schema.ts), answers through the real api over HTTP:
 * introspection, schema linking, the offline engine, the prompt, checks and repairs, execution, answers, charts and
 * export. No question answers 5xx; SQL a model writes with the dialect's quoting runs and returns the right rows; an
 * answer of the offline engine is checked against the same question's SQL run directly on the database.
 */
import type { ChatResponse, Dialect } from '@nlq/contracts';
import { createDriver, dialectFor, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { hostileFixture, ODD_COLUMNS, WIDE_COLUMNS } from '../src/testing/hostile-schema';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'hostile-schema-service-key-0123456789';
const headers = { 'x-api-key': KEY };

/** A question for the offline engine; `gold` is the SQL whose result a success must match, `must` that it answers. */
interface OfflineCase {
  question: string;
  gold?: string;
  must?: RegExp;
}

/** A question a scripted model answers with `sql`; the rows the api returns must be `rows` (and columns `columns`). */
interface ModelCase {
  question: string;
  sql: string;
  columns?: string[];
  rows?: unknown[][];
  rowCount?: number;
}

function offlineCases(dialect: Dialect): OfflineCase[] {
  const q = (name: string) => dialectFor(dialect).quoteIdentifier(name);
  const cases: OfflineCase[] = [
    { question: 'How many constructors are there?', gold: 'SELECT COUNT(*) FROM constructors', must: /\b3\b/ },
    {
      question: 'what is the nationality of McLaren',
      gold: "SELECT nationality FROM constructors WHERE name = 'McLaren'",
      must: /British/,
    },
    { question: 'How many constructor results are there?', gold: `SELECT COUNT(*) FROM ${q('constructorResults')}` },
    {
      question: 'What is the total points of all constructor results?',
      gold: `SELECT SUM(points) FROM ${q('constructorResults')}`,
    },
    { question: 'List the british constructors', gold: "SELECT name FROM constructors WHERE nationality = 'British'" },
    { question: 'How many orders are there?', gold: `SELECT COUNT(*) FROM ${q('order')}` },
    { question: 'list the users of every order', gold: `SELECT ${q('user')} FROM ${q('order')}` },
    { question: 'How many empty things are there?', gold: 'SELECT COUNT(*) FROM empty_things' },
    { question: 'show the toString and valueOf of each hasOwnProperty' },
    { question: 'what is the __proto__ of hasOwnProperty 2' },
    { question: 'constructor toString valueOf hasOwnProperty __proto__ isPrototypeOf' },
    {
      question: 'How many constructors have a constructorRef of mclaren?',
      gold: 'SELECT COUNT(*) FROM constructors WHERE ' + `${q('constructorRef')} = 'mclaren'`,
    },
    { question: 'list all types' },
    { question: 'show the café menu', gold: `SELECT * FROM ${q('café menu')}` },
    { question: 'what is the größe of the soupe?' },
    { question: 'list the labels of the wide table', gold: 'SELECT label FROM wide_table' },
    { question: 'what is the c400 of the first wide table?' },
    { question: 'how many british constructors are there', gold: 'SELECT COUNT(*) FROM british_constructors' },
    { question: 'select * from constructors; drop table constructors' },
    { question: 'which group has the most orders' },
  ];
  if (dialect === 'postgresql')
    cases.push(
      { question: 'How many items are there?' },
      { question: 'How many invoices are there?' },
      { question: 'total amount of sales invoices' },
    );
  return cases;
}

function modelCases(dialect: Dialect): ModelCase[] {
  const q = (name: string) => dialectFor(dialect).quoteIdentifier(name);
  const cases: ModelCase[] = [
    // A quote inside a quoted identifier; on SQLite exactly the model SQL of the issue
    {
      question: 'What is the a-quote-b of row two?',
      sql: `SELECT ${q('a"b')} FROM ${q('hasOwnProperty')} WHERE id = 2`,
      columns: ['a"b'],
      rows: [['y']],
    },
    {
      question: 'Show the prototype columns',
      sql: `SELECT id, ${q('__proto__')}, ${q('toString')}, ${q('valueOf')}, ${q('isPrototypeOf')} FROM ${q('hasOwnProperty')} ORDER BY id`,
      columns: ['id', '__proto__', 'toString', 'valueOf', 'isPrototypeOf'],
      rows: [
        [1, 'p1', 's', 10, 'i1'],
        [2, 'p2', 't', 20, 'i2'],
      ],
    },
    {
      question: 'Show the keyword columns',
      sql: `SELECT ${q('select')}, ${q('group')}, ${q('user')}, ${q('table')}, ${q('from')} FROM ${q('order')} ORDER BY id`,
      columns: ['select', 'group', 'user', 'table', 'from'],
      rows: [
        ['a', 'g1', 'ann', 't1', 'paris'],
        ['b', 'g1', 'bob', 't2', 'rome'],
        ['c', 'g2', 'cy', 't3', 'oslo'],
      ],
    },
    {
      question: 'Show the odd columns',
      sql: `SELECT ${ODD_COLUMNS.map(q).join(', ')} FROM ${q('café menu')} ORDER BY id`,
      columns: ODD_COLUMNS,
      rows: [
        ['soupe', 4.5, 'yes', 'hello', 'b1', 'k1', 'groß', '一'],
        ['crêpe', 6, 'no', 'bye', 'b2', 'k2', 'klein', '二'],
      ],
    },
    {
      question: 'Show the last wide column',
      sql: `SELECT c400, label FROM wide_table ORDER BY id`,
      columns: ['c400', 'label'],
      rows: [
        [1400, 'first'],
        [2400, 'second'],
      ],
    },
    { question: 'Show the whole wide table', sql: 'SELECT * FROM wide_table ORDER BY id', rowCount: 2 },
    {
      question: 'Show the british constructors view',
      sql: 'SELECT name FROM british_constructors ORDER BY name',
      rows: [['McLaren'], ['Williams']],
    },
    { question: 'Show the empty things', sql: 'SELECT * FROM empty_things', rows: [] },
    { question: 'Show every type', sql: 'SELECT * FROM all_types ORDER BY id', rowCount: 2 },
    {
      question: 'Count constructors per nationality',
      sql: `SELECT nationality, COUNT(*) AS n FROM constructors GROUP BY nationality ORDER BY n DESC, nationality`,
      rows: [
        ['British', 2],
        ['German', 1],
      ],
    },
    {
      question: 'Points per constructor',
      sql: `SELECT c.name, SUM(r.points) AS pts FROM constructors c JOIN ${q('constructorResults')} r ON r.${q('constructorId')} = c.${q('constructorId')} GROUP BY c.name ORDER BY pts DESC`,
      rows: [
        ['McLaren', 24],
        ['BMW Sauber', 8],
        ['Williams', 0],
      ],
    },
  ];
  if (dialect === 'postgresql') {
    cases.push(
      { question: 'Count upper-case Items', sql: 'SELECT COUNT(*) AS n FROM "Items"', rows: [[2]] },
      { question: 'Count lower-case items', sql: 'SELECT COUNT(*) AS n FROM items', rows: [[3]] },
      { question: 'Count sales invoices', sql: 'SELECT COUNT(*) AS n FROM sales.invoices', rows: [[2]] },
      { question: 'Count archived invoices', sql: 'SELECT COUNT(*) AS n FROM archive.invoices', rows: [[5]] },
    );
  }
  return cases;
}

/** Numbers as numbers whatever the driver returned (PostgreSQL's NUMERIC and COUNT come back as text). */
function normal(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** Every cell of a result, as text, for a loose comparison (an answer may carry more columns than the gold SQL). */
function cells(rows: unknown[][]): Set<string> {
  return new Set(rows.flatMap((row) => row.map((v) => String(normal(v)))));
}

describeEachWith(SCRATCH_ENGINES, (engine) => engine.services)('hostile schema on $name', (engine) => {
  const dialect = engine.dialect;
  let database: ScratchDatabase;
  let driver: DatabaseDriver;
  let offline: TestApp;
  let modelApp: TestApp;
  let model: ScriptedModelServer;
  const sqlByQuestion = new Map(modelCases(dialect).map((c) => [c.question, c.sql]));

  beforeAll(async () => {
    database = await engine.create();
    driver = createDriver(database.url);
    for (const sql of hostileFixture(dialect)) await driver.runWrite(sql, { timeoutMs: 20_000 });
    model = await startScriptedShopModel('openai', (question) => sqlByQuestion.get(question) ?? 'SELECT 1');
    offline = await startTestApp({ QUERY_DATABASE_URL: database.url, SERVICE_API_KEY: KEY });
    modelApp = await startTestApp({
      QUERY_DATABASE_URL: database.url,
      SERVICE_API_KEY: KEY,
      SERVICE_MODE: 'admin',
      ...providerEnv('openai', model),
    });
  }, 120_000);

  afterAll(async () => {
    await offline?.close();
    await modelApp?.close();
    await model?.close();
    await driver?.close();
    await database?.drop();
    if (offline) removeDataDir(offline.dataDir);
    if (modelApp) removeDataDir(modelApp.dataDir);
  }, 60_000);

  const ask = async (app: TestApp, question: string, session: string) =>
    call(`${app.url}/api/chat`, { body: { question, session_id: session }, headers });

  it('introspects every hostile name as it is stored, and the prompt shows them to the model', async () => {
    const schema = await driver.introspect();
    const names = new Map(schema.tables.map((t) => [`${t.schema ?? ''}.${t.name}`, t]));
    for (const table of [
      'constructors',
      'constructorResults',
      'hasOwnProperty',
      'order',
      'café menu',
      'wide_table',
      'empty_things',
      'british_constructors',
      'all_types',
    ]) {
      expect([...names.keys()].some((k) => k.endsWith(`.${table}`))).toBe(true);
    }
    const proto = schema.tables.find((t) => t.name === 'hasOwnProperty');
    expect(proto?.columns.map((c) => c.name)).toEqual([
      'id',
      'a"b',
      'toString',
      'valueOf',
      '__proto__',
      'isPrototypeOf',
    ]);
    expect(schema.tables.find((t) => t.name === 'café menu')?.columns.map((c) => c.name)).toEqual([
      'id',
      ...ODD_COLUMNS,
    ]);
    expect(schema.tables.find((t) => t.name === 'wide_table')?.columns).toHaveLength(WIDE_COLUMNS + 2);
    if (dialect === 'postgresql') {
      expect(
        schema.tables
          .filter((t) => t.name.toLowerCase() === 'items')
          .map((t) => t.name)
          .sort(),
      ).toEqual(['Items', 'items']);
      expect(
        schema.tables
          .filter((t) => t.name === 'invoices')
          .map((t) => t.schema)
          .sort(),
      ).toEqual(['archive', 'sales']);
    }
    const before = model.requests.length;
    await ask(modelApp, 'Show the prototype columns', 'hostile-prompt');
    const prompt = model.requests
      .slice(before)
      .map((r) => JSON.stringify(r.body))
      .join('\n');
    for (const name of ['hasOwnProperty', '__proto__', 'isPrototypeOf']) expect(prompt).toContain(name);
  });

  it('answers the offline engine without a 5xx, and every answer it gives is right', async () => {
    const wrong: string[] = [];
    for (const c of offlineCases(dialect)) {
      const { status, body } = await ask(offline, c.question, 'hostile-offline');
      expect({ question: c.question, status }).toEqual({
        question: c.question,
        status: status < 500 ? status : 'no 5xx',
      });
      if (c.must) {
        expect({ question: c.question, success: body.success }).toEqual({ question: c.question, success: true });
        expect(body.response).toMatch(c.must);
      }
      if (c.gold && body.success && body.kind === 'read') {
        const gold = await driver.runRead(c.gold, { maxRows: 1000, timeoutMs: 10_000 });
        const got = body as ChatResponse;
        const goldCells = cells(gold.rows);
        const gotCells = cells(got.rows);
        const missing = [...goldCells].filter((v) => !gotCells.has(v));
        if (got.row_count !== gold.rowCount || missing.length)
          wrong.push(
            `${c.question}: ${got.sql} gave ${JSON.stringify(got.rows).slice(0, 200)}; expected ${JSON.stringify(gold.rows).slice(0, 200)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('runs model SQL written with the dialect quoting and returns the right rows', async () => {
    for (const c of modelCases(dialect)) {
      const { status, body } = await ask(modelApp, c.question, 'hostile-model');
      expect({ question: c.question, status, success: body.success, error: body.error }).toEqual({
        question: c.question,
        status: 200,
        success: true,
        error: null,
      });
      if (c.columns) expect(body.columns).toEqual(c.columns);
      if (c.rows)
        expect({ question: c.question, rows: body.rows.map((r: unknown[]) => r.map(normal)) }).toEqual({
          question: c.question,
          rows: c.rows,
        });
      if (c.rowCount !== undefined) expect(body.row_count).toBe(c.rowCount);
    }
    const wide = await ask(modelApp, 'Show the whole wide table', 'hostile-wide');
    expect(wide.body.columns).toHaveLength(WIDE_COLUMNS + 2);
  });

  it('answers the column value of "a""b" and keeps the decision visible in the check span', async () => {
    const { body } = await ask(modelApp, 'What is the a-quote-b of row two?', 'hostile-escaped');
    expect(body).toMatchObject({ success: true, rows: [['y']], repairs: [] });
    expect(body.response).toContain('y');
    const trace = await call(`${modelApp.url}/api/traces/${body.trace_id}`, { headers });
    expect(trace.status).toBe(200);
    const check = trace.body.spans.find((s: { name: string }) => s.name === 'check');
    if (dialect === 'postgresql') expect(check.detail?.doubleQuoted).toBeUndefined();
    else if (dialect === 'sqlite')
      expect(check.detail.doubleQuoted).toContainEqual({
        token: '"a""b"',
        reading: 'identifier',
        reason: 'resolves to a name in scope',
      });
  });

  it('suggests a chart for a grouped answer over hostile names', async () => {
    const { body } = await ask(modelApp, 'Count constructors per nationality', 'hostile-chart');
    expect(body).toMatchObject({ success: true, columns: ['nationality', 'n'] });
    expect(body.chart).toEqual(expect.objectContaining({ x: 'nationality', y: ['n'] }));
  });

  it('exports rows with prototype-key, keyword and odd column names intact, as CSV and JSON', async () => {
    for (const question of [
      'Show the prototype columns',
      'Show the odd columns',
      'Show every type',
      'Show the keyword columns',
    ]) {
      const answer = await ask(modelApp, question, 'hostile-export');
      expect(answer.body.success).toBe(true);
      const json = await call(`${modelApp.url}/api/export?entry_id=${answer.body.history_entry_id}&format=json`, {
        headers,
      });
      expect({ question, status: json.status }).toEqual({ question, status: 200 });
      const records = typeof json.body === 'string' ? JSON.parse(json.body) : json.body;
      expect(records).toHaveLength(answer.body.row_count);
      expect(Object.keys(records[0])).toEqual(answer.body.columns);
      expect(Object.getPrototypeOf(records[0])).toBe(Object.prototype);
      const csv = await call(`${modelApp.url}/api/export?entry_id=${answer.body.history_entry_id}&format=csv`, {
        headers,
      });
      expect(csv.status).toBe(200);
      expect(String(csv.body).split('\r\n')[0]).toContain(
        answer.body.columns[1].includes('"') ? '""' : answer.body.columns[1],
      );
    }
  });
});
