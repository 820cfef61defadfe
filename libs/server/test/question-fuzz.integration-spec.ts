/**
 * Bounded question fuzz of the whole pipeline over real HTTP: a few hundred adversarial questions
 * (unicode of many scripts, emoji, combining marks, C0/C1 controls, bidi marks and overrides, zero-width joiners,
 * repeats up to MAX_QUESTION_CHARS, regex-hostile text, SQL fragments, prototype keys as words, odd numbers,
 * unbalanced quotes: see AdversarialQuestions in @nlq/llm-providers) POSTed to /query and /api/chat, on the sample
 * shop database and on a SQLite database whose every table and column name is an Object.prototype key. No answer is
 * a 5xx, every answer has the spec's shape, each arrives within a time bound, and afterwards the service still
 * answers a normal question correctly. Deterministic: a fixed seed of the project's mulberry32 generator
 * (QUESTION_FUZZ_SEED replays another).
 */
import { AdversarialQuestions, PROTOTYPE_KEYS } from '@nlq/offline-engine/testing';
import { Random } from '@nlq/sample-db';
import Database from 'better-sqlite3';
import path from 'node:path';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

jest.setTimeout(120_000);

const KEY = 'question-fuzz-key-0123456789abcdef';
const SEED = Number(process.env.QUESTION_FUZZ_SEED ?? 20_004);
/** Questions on the shop database (alternately /query and /api/chat) and on the prototype-key database (/api/chat). */
const SHOP_COUNT = 500;
const PROTOTYPE_COUNT = 200;
/** The bound on one request, in milliseconds: the whole pipeline, with the SQL run and the answer recorded. */
const BOUND_MS = 3_000;
const MAX_CHARS = 2_000;

const STRING_OR_NULL = (v: unknown) => v === null || typeof v === 'string';

/** A question asked back: success false, error null, sql null, the question and options in `response`. */
const askedBack = (body: any) => body?.success === false && body.error === null && body.sql === null;

/** Problems of a 200 answer of POST /query (docs/http-api.md "Contract: query adapter"); empty when it has the shape. */
function queryShapeProblems(body: any): string[] {
  const problems: string[] = [];
  if (!body || typeof body !== 'object') return ['not a JSON object'];
  if (askedBack(body))
    return typeof body.response === 'string' && /\n1\. /.test(body.response)
      ? []
      : ['asked back without numbered options'];
  for (const key of ['response', 'sql', 'session_id'])
    if (typeof body[key] !== 'string') problems.push(`${key} is not a string`);
  for (const key of ['success', 'pending_approval'])
    if (typeof body[key] !== 'boolean') problems.push(`${key} is not a boolean`);
  if (!STRING_OR_NULL(body.error)) problems.push('error is neither a string nor null');
  if (body.success === true && body.error !== null) problems.push('success with an error');
  if (body.success === false && !(typeof body.error === 'string' && body.error.length > 0))
    problems.push('a failure without its error');
  if (body.success === false && /internal server error/i.test(String(body.error)))
    problems.push('a failure reading "internal server error"');
  return problems;
}

/** Problems of a 200 answer of POST /api/chat (ChatResponse: the /query fields plus rows, chart and ids). */
function chatShapeProblems(body: any): string[] {
  const problems = queryShapeProblems(body);
  if (problems.includes('not a JSON object')) return problems;
  if (!Array.isArray(body.columns) || body.columns.some((c: unknown) => typeof c !== 'string'))
    problems.push('columns is not a list of names');
  if (!Array.isArray(body.rows) || body.rows.some((r: unknown) => !Array.isArray(r)))
    problems.push('rows is not a list of lists');
  else if (body.row_count !== body.rows.length) problems.push('row_count differs from the rows');
  if (typeof body.truncated !== 'boolean' || typeof body.cached !== 'boolean')
    problems.push('truncated or cached is not a boolean');
  if (
    body.chart !== null &&
    !(body.chart && ['bar', 'line', 'pie', 'number'].includes(body.chart.type) && Array.isArray(body.chart.y))
  )
    problems.push('chart is malformed');
  for (const key of ['trace_id', 'history_entry_id', 'connection_id'])
    if (typeof body[key] !== 'string') problems.push(`${key} is not a string`);
  if (body.kind !== null && !['read', 'write', 'ddl', 'refused'].includes(body.kind))
    problems.push(`kind ${String(body.kind)}`);
  if (!Array.isArray(body.repairs)) problems.push('repairs is not a list');
  if (
    !STRING_OR_NULL(body.reading) ||
    (body.success === true && body.kind === 'read' && typeof body.reading !== 'string')
  )
    problems.push('an answered read without its reading');
  if (askedBack(body) !== (body.clarification !== null)) problems.push('clarification does not match the outcome');
  if (
    body.clarification !== null &&
    !(
      Array.isArray(body.clarification?.options) &&
      body.clarification.options.length >= 2 &&
      body.clarification.options.length <= 5
    )
  )
    problems.push('clarification without 2 to 5 options');
  return problems;
}

/** Problems of a 4xx answer (the service's error shape); empty when it has the shape. */
function errorShapeProblems(body: any): string[] {
  if (!body || typeof body !== 'object') return ['not a JSON object'];
  const ok =
    typeof body.statusCode === 'number' &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    typeof body.requestId === 'string';
  return ok ? [] : ['not the error shape'];
}

/**
 * A SQLite database whose every table and column name is an Object.prototype key: six tables linked by foreign keys,
 * each with a key, a text column holding prototype keys and names as values, a number and a date.
 */
function writePrototypeDatabase(file: string): string[] {
  const db = new Database(file);
  const tables = PROTOTYPE_KEYS.slice(0, 6);
  const values = ['constructor', '__proto__', 'toString', 'McLaren', 'British'];
  try {
    tables.forEach((table, i) => {
      const link = i > 0 ? `, "propertyIsEnumerable" INTEGER REFERENCES "${tables[i - 1]}" ("isPrototypeOf")` : '';
      db.exec(
        `CREATE TABLE "${table}" ("isPrototypeOf" INTEGER PRIMARY KEY, "toString" TEXT, "valueOf" REAL, "toLocaleString" DATE${link})`,
      );
      const insert = db.prepare(`INSERT INTO "${table}" VALUES (?, ?, ?, ?${i > 0 ? ', ?' : ''})`);
      for (let row = 1; row <= 5; row++) {
        const cells = [row, values[(row + i) % values.length], row * 10.5, `2024-0${row}-1${row}`];
        insert.run(...(i > 0 ? [...cells, ((row + i) % 5) + 1] : cells));
      }
    });
  } finally {
    db.close();
  }
  return [...tables, 'isPrototypeOf', 'toString', 'valueOf', 'toLocaleString', 'propertyIsEnumerable', ...values];
}

/** Questions the offline engine answers on the prototype-key database, as the base of its mutations. */
const PROTOTYPE_QUESTIONS = [
  'How many constructor are there?',
  'how many hasOwnProperty per toString',
  'list constructor in 2024',
  'which constructor has the largest valueOf',
  'list hasOwnProperty with toString British',
  'how many toLocaleString where toString is McLaren',
  'average valueOf of constructor',
  'delete constructor with toString McLaren',
];

interface Slowest {
  ms: number;
  route: string;
  question: string;
}

describe('question fuzz of the whole pipeline over HTTP', () => {
  let t: TestApp;
  let dataDir: string;
  let prototypeWords: string[];
  let prototypeConnection: string;
  const headers = { 'x-api-key': KEY };

  beforeAll(async () => {
    dataDir = makeDataDir();
    prototypeWords = writePrototypeDatabase(path.join(dataDir, 'prototype-keys.db'));
    // admin mode: a write the fuzz reaches is held for approval (with its impact preview), never run
    t = await startTestApp({
      DATA_DIR: dataDir,
      SERVICE_API_KEY: KEY,
      SERVICE_MODE: 'admin',
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_FAILURE_LIMIT: '0',
      LOG_LEVEL: 'error',
    });
    const created = await call(`${t.url}/api/connections`, {
      body: { name: 'prototype-keys', url: `sqlite://${path.join(dataDir, 'prototype-keys.db')}` },
      headers,
    });
    expect(created.status).toBe(201);
    prototypeConnection = created.body.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (dataDir) removeDataDir(dataDir);
  });

  it('answers hundreds of adversarial questions on /query and /api/chat without a 5xx, in the spec shapes, each in time', async () => {
    const shop = new AdversarialQuestions(Random.fork(SEED, 'http-shop'), { maxChars: MAX_CHARS }).take(SHOP_COUNT);
    const proto = new AdversarialQuestions(Random.fork(SEED, 'http-prototype-keys'), {
      maxChars: MAX_CHARS,
      vocabulary: prototypeWords,
      questions: PROTOTYPE_QUESTIONS,
    }).take(PROTOTYPE_COUNT);
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const outcomes = new Map<string, number>();
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    let slowest: Slowest = { ms: 0, route: '', question: '' };
    const sessions = new Map<string, string>();
    const show = (q: string) => JSON.stringify(q.length > 120 ? `${q.slice(0, 120)}…(${q.length} chars)` : q);

    const ask = async (i: number, route: '/query' | '/api/chat', question: string, connection?: string) => {
      // three sessions a route and database, so follow-up reading and conversation history run too
      const sessionKey = `${route}:${connection ?? 'default'}:${i % 3}`;
      const body =
        route === '/query'
          ? { question, user_id: `fuzz-${i % 3}` }
          : {
              question,
              ...(sessions.has(sessionKey) ? { session_id: sessions.get(sessionKey) } : {}),
              ...(connection ? { connection_id: connection } : {}),
            };
      const start = performance.now();
      const res = await call(`${t.url}${route}`, { body, headers });
      const ms = performance.now() - start;
      if (ms > slowest.ms) slowest = { ms, route, question };
      count(statuses, `${route} ${res.status}`);
      const where = `#${i} ${route}${connection ? ' (prototype keys)' : ''} ${show(question)}`;
      if (res.status >= 500) failures.push(`${where} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      else if (res.status === 200) {
        const problems = route === '/query' ? queryShapeProblems(res.body) : chatShapeProblems(res.body);
        if (problems.length)
          failures.push(`${where} -> ${problems.join('; ')}: ${JSON.stringify(res.body).slice(0, 300)}`);
        count(
          outcomes,
          res.body?.pending_approval
            ? 'pending approval'
            : res.body?.success
              ? 'answered'
              : askedBack(res.body)
                ? 'asked back'
                : 'refused',
        );
        if (route === '/api/chat' && typeof res.body?.session_id === 'string')
          sessions.set(sessionKey, res.body.session_id);
      } else {
        const problems = errorShapeProblems(res.body);
        if (problems.length)
          failures.push(`${where} -> ${res.status} ${problems.join('; ')}: ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      if (ms > BOUND_MS) failures.push(`${where} took ${ms.toFixed(0)} ms`);
    };

    const started = performance.now();
    for (let i = 0; i < shop.length; i++) await ask(i, i % 2 === 0 ? '/query' : '/api/chat', shop[i]);
    for (let i = 0; i < proto.length; i++) await ask(SHOP_COUNT + i, '/api/chat', proto[i], prototypeConnection);
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `question fuzz over HTTP: ${SHOP_COUNT + PROTOTYPE_COUNT} questions (seed ${SEED}) in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}; ` +
        `slowest ${slowest.ms.toFixed(0)} ms (${slowest.route} ${show(slowest.question)})`,
    );
    expect({ seed: SEED, failures: failures.slice(0, 10), count: failures.length }).toEqual({
      seed: SEED,
      failures: [],
      count: 0,
    });
    // the fuzz reaches SQL, not only refusals
    expect(outcomes.get('answered') ?? 0).toBeGreaterThan(20);
  });

  it('is alive afterwards and answers a normal question correctly on both routes', async () => {
    const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
    const customers = (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
    db.close();
    expect((await call(`${t.url}/health`, { headers })).status).toBe(200);
    const query = await call(`${t.url}/query`, { body: { question: 'How many customers are there?' }, headers });
    expect(query.status).toBe(200);
    expect(query.body).toMatchObject({ success: true, error: null, pending_approval: false });
    expect(query.body.response.replace(/,/g, '')).toContain(String(customers));
    const chat = await call(`${t.url}/api/chat`, { body: { question: 'How many customers are there?' }, headers });
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ success: true, rows: [[customers]], row_count: 1 });
    const proto = await call(`${t.url}/api/chat`, {
      body: { question: 'How many constructor are there?', connection_id: prototypeConnection },
      headers,
    });
    expect(proto.status).toBe(200);
    expect(proto.body).toMatchObject({ success: true, rows: [[5]] });
  });
});
