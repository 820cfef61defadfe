/**
 * The check stage's deterministic repairs through the whole QueryPipeline: a real SQLite file (better-sqlite3,
 * compiled with SQLITE_DQS=0) through the real driver, and a real OpenAI-protocol client talking to the scripted
 * wire-protocol model server (libs/llm-providers/src/testing). A double-quoted literal and a table named `show`
 * must answer right with exactly one SQL-writing model call; a write behind a repair is still held or refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { createProvider, type LlmProvider } from '@nlq/llm-providers';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { InMemoryEventBus } from '../event-bus';
import { DEFAULT_PIPELINE_CONFIG } from '../pipeline-config';
import type { PipelineConfig, TargetResolver } from '../ports';
import { QueryPipeline } from '../query-pipeline';
import { InMemoryStateStore } from '../testing/in-memory-state-store';

let dir: string;
let driver: DatabaseDriver;
let server: ScriptedModelServer;
let provider: LlmProvider;
/** SQL the model server writes for a question (matched on the question line of the prompt), in a reply style. */
const replies = new Map<string, string>();
let sqlCalls = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-check-repair-'));
  const file = join(dir, 'tv.sqlite');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
    CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER);
    INSERT INTO customers VALUES (1, 'Kyle', 'Paris'), (2, 'Ann', 'Lyon');
    INSERT INTO show VALUES (1, 'Alpha', 2020), (2, 'Beta', 2021), (3, 'Gamma', 2021);
  `);
  db.close();
  driver = createDriver(`sqlite://${file}`);
  await driver.connect();
  server = await startScriptedModelServer({
    protocol: 'openai',
    reply: ({ user }) => {
      if (/^Result:/m.test(user)) return 'Here is the answer.';
      sqlCalls++;
      const question = /Question: (.*)\s*$/.exec(user)?.[1]?.trim() ?? '';
      return replies.get(question) ?? 'CANNOT_ANSWER: not scripted';
    },
  });
  provider = createProvider({ provider: 'openai', baseUrl: server.url, model: 'scripted-model', apiKey: 'test' });
});

afterAll(async () => {
  await driver?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  sqlCalls = 0;
  replies.clear();
});

function pipelineWith(config: Partial<PipelineConfig> = {}) {
  const store = new InMemoryStateStore();
  const targets: TargetResolver = {
    connection: async () => ({ connectionId: 'tv', driver }),
    provider: async () => provider,
  };
  const pipeline = new QueryPipeline({
    targets,
    store,
    config: { ...DEFAULT_PIPELINE_CONFIG, ...config },
    audit: { audit: () => undefined },
    events: new InMemoryEventBus(),
  });
  return { pipeline, store };
}

describe('check-stage repairs through the pipeline (SQLite, OpenAI wire protocol)', () => {
  it('a double-quoted string literal answers right with one model call, and the repair is traced and returned', async () => {
    replies.set('Which city is Kyle from?', '```sql\nSELECT city FROM customers WHERE name = "Kyle"\n```');
    const { pipeline, store } = pipelineWith();
    const out = await pipeline.ask({ question: 'Which city is Kyle from?', sessionId: 's1', userId: 'u' });
    expect(out.success).toBe(true);
    expect(out.result?.rows).toEqual([['Paris']]);
    expect(out.sql).toBe("SELECT city FROM customers WHERE name = 'Kyle'");
    expect(out.repairs).toEqual([{ rule: 'double-quoted-literal', from: '"Kyle"', to: "'Kyle'" }]);
    expect(sqlCalls).toBe(1);
    const trace = await store.getTrace(out.traceId);
    const checks = trace!.spans.filter((s) => s.name === 'check');
    expect(checks).toHaveLength(1);
    expect(checks[0].detail?.repairs).toEqual(out.repairs);
    expect(trace!.spans.some((s) => s.name === 'correct')).toBe(false);
  });

  it('a table named show answers right with one model call (chatty and <think> replies)', async () => {
    replies.set(
      'How many shows are there?',
      'Sure! Here is the query you need:\n\nSELECT COUNT(*) AS n FROM show;\n\nIt counts every show.',
    );
    replies.set(
      'How many shows came out in 2021?',
      '<think>The table is show, filter on year.</think>\nSELECT COUNT(*) FROM show WHERE year = 2021',
    );
    const { pipeline } = pipelineWith();
    const all = await pipeline.ask({ question: 'How many shows are there?', sessionId: 's2', userId: 'u' });
    expect(all.success).toBe(true);
    expect(all.result?.rows).toEqual([[3]]);
    expect(all.sql).toBe('SELECT COUNT(*) AS n FROM "show"');
    expect(all.repairs).toEqual([{ rule: 'keyword-identifier', from: 'show', to: '"show"' }]);
    const recent = await pipeline.ask({ question: 'How many shows came out in 2021?', sessionId: 's3', userId: 'u' });
    expect(recent.result?.rows).toEqual([[2]]);
    expect(sqlCalls).toBe(2);
  });

  it('SQL without anything to repair carries no repairs', async () => {
    replies.set('List customer names', "SELECT name FROM customers WHERE city = 'Lyon'");
    const out = await pipelineWith().pipeline.ask({ question: 'List customer names', sessionId: 's4', userId: 'u' });
    expect(out.result?.rows).toEqual([['Ann']]);
    expect(out.repairs).toEqual([]);
  });

  it('a write behind a repair is still refused in user mode and held in admin mode, never run', async () => {
    replies.set('Remove the show Alpha', 'DELETE FROM show WHERE title = "Alpha"');
    const user = await pipelineWith({ mode: 'user' }).pipeline.ask({
      question: 'Remove the show Alpha',
      sessionId: 's5',
      userId: 'u',
    });
    expect(user.success).toBe(false);
    expect(user.kind).toBe('write');
    const admin = await pipelineWith({ mode: 'admin' }).pipeline.ask({
      question: 'Remove the show Alpha',
      sessionId: 's6',
      userId: 'u',
    });
    expect(admin.pendingApproval).toBe(true);
    expect(admin.sql).toBe('DELETE FROM "show" WHERE title = \'Alpha\'');
    expect((await driver.runRead('SELECT COUNT(*) FROM "show"', { maxRows: 10, timeoutMs: 5000 })).rows[0][0]).toBe(3);
  });

  it('a PRAGMA naming a keyword table stays refused', async () => {
    replies.set('Describe the show table', 'PRAGMA table_info(show)');
    const out = await pipelineWith({ mode: 'admin' }).pipeline.ask({
      question: 'Describe the show table',
      sessionId: 's7',
      userId: 'u',
    });
    expect(out.success).toBe(false);
    expect(out.kind).toBe('refused');
    expect(out.repairs).toEqual([]);
  });
});
