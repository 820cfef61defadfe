/**
 * QueryPipeline end to end on a real SQLite file through the real SQLite driver and SQL checker, with the
 * in-memory StateStore and a scripted LlmProvider (scripted SQL replies; the provider is not under test), plus the
 * real OfflineProvider for one question.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LiveEvent } from '@nlq/contracts';
import { createDriver } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import { OfflineProvider, ProviderConnectionError, UnanswerableQuestionError } from '@nlq/llm-providers';
import { ApprovalConflictError, ApprovalExecutionError, NothingPendingError, PipelineError } from './errors';
import { InMemoryEventBus } from './event-bus';
import { RECENT_HISTORY_ENTRIES, type PipelineConfig, type TargetResolver } from './ports';
import { QueryPipeline } from './query-pipeline';
import { DEFAULT_PIPELINE_CONFIG } from './pipeline-config';
import { InMemoryStateStore } from './testing/in-memory-state-store';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { createEmbeddingClient } from '@nlq/llm-providers';
import { SemanticScorer } from './linking/semantic-scores';
import type { ScriptedSql } from './testing/scripted-llm-provider';

let dir: string;
let file: string;
let driver: DatabaseDriver;

function seed(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL NOT NULL, deleted_at TEXT);
    INSERT INTO customers (id, name, country) VALUES (1, 'Ann', 'France'), (2, 'Bob', 'Spain'), (3, 'Cleo', 'France');
    INSERT INTO orders (customer_id, total) VALUES (1, 10.5), (1, 20), (2, 7.25), (3, 100);
  `);
  db.close();
}

/** Read the file directly (not through the pipeline) to see what really changed. */
function sqliteQuery<T = unknown>(sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
function sqliteExec(sql: string): void {
  const db = new Database(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
const customerCount = () => sqliteQuery<{ n: number }>('SELECT count(*) AS n FROM customers')[0].n;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-pipeline-'));
  file = join(dir, 'shop.sqlite');
  seed(file);
  driver = createDriver(`sqlite://${file}`);
  await driver.connect();
});

afterAll(async () => {
  await driver?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  // every test starts from the same data
  sqliteExec(`DELETE FROM orders; DELETE FROM customers;
    INSERT INTO customers (id, name, country) VALUES (1, 'Ann', 'France'), (2, 'Bob', 'Spain'), (3, 'Cleo', 'France');
    INSERT INTO orders (customer_id, total) VALUES (1, 10.5), (1, 20), (2, 7.25), (3, 100);`);
});

interface Harness {
  pipeline: QueryPipeline;
  store: InMemoryStateStore;
  events: LiveEvent[];
  audits: Array<{ event: string; fields: Record<string, unknown> }>;
  provider: LlmProvider;
  now: { ms: number };
}

function harness(
  provider: LlmProvider,
  config: Partial<PipelineConfig> = {},
  fallback: LlmProvider | null = null,
  semantic: SemanticScorer | null = null,
): Harness {
  const now = { ms: Date.UTC(2024, 5, 1, 12) };
  const clock = () => now.ms;
  const store = new InMemoryStateStore(clock);
  const bus = new InMemoryEventBus();
  const events: LiveEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const audits: Harness['audits'] = [];
  const targets: TargetResolver = {
    connection: async (id) => {
      if (id && id !== 'shop') throw new Error(`Unknown connection "${id}"`);
      return { connectionId: 'shop', driver };
    },
    provider: async () => provider,
    fallbackProvider: async () => fallback,
  };
  const pipeline = new QueryPipeline({
    targets,
    store,
    config: { ...DEFAULT_PIPELINE_CONFIG, ...config },
    audit: { audit: (event, fields) => audits.push({ event, fields }) },
    events: bus,
    clock,
    semantic,
  });
  return { pipeline, store, events, audits, provider, now };
}

const scripted = (sql: ScriptedSql[]) => new ScriptedLlmProvider({ sql });

describe('QueryPipeline records', () => {
  it('reads only the newest history entries of the session, and answers only once entry and trace are stored', async () => {
    const h = harness(scripted(['SELECT count(*) AS n FROM customers', 'SELECT name FROM customers ORDER BY id']));
    const reads: Array<{ session: string; newest?: number }> = [];
    const list = h.store.listHistory.bind(h.store);
    h.store.listHistory = (session, options) => (
      reads.push({ session, newest: options?.newest }),
      list(session, options)
    );
    const asked = await Promise.all([
      h.pipeline.ask({ question: 'How many customers are there?', sessionId: 'r1', userId: 'u1' }),
      h.pipeline.ask({ question: 'Names of the customers', sessionId: 'r2', userId: 'u2' }),
    ]);
    expect(reads).toEqual([
      { session: 'r1', newest: RECENT_HISTORY_ENTRIES },
      { session: 'r2', newest: RECENT_HISTORY_ENTRIES },
    ]);
    for (const out of asked) {
      expect((await h.store.listHistory(out.sessionId)).map((e) => e.id)).toEqual([out.historyEntryId]);
      expect(await h.store.getTrace(out.traceId)).toMatchObject({ id: out.traceId, sessionId: out.sessionId });
    }
  });
});

describe('QueryPipeline on SQLite', () => {
  it('answers a read: SQL, rows, answer, history, trace, audit and live events', async () => {
    const provider = scripted(['SELECT count(*) AS n FROM customers']);
    const h = harness(provider);
    const out = await h.pipeline.ask({
      question: 'How many customers are there?',
      sessionId: 's1',
      userId: 'u1',
      rlhfSignal: 'positive',
    });

    expect(out).toMatchObject({
      success: true,
      pendingApproval: false,
      error: null,
      kind: 'read',
      cached: false,
      sessionId: 's1',
      connectionId: 'shop',
    });
    expect(out.sql).toBe('SELECT count(*) AS n FROM customers');
    expect(out.result?.rows).toEqual([[3]]);
    expect(out.response).toBe('The answer is 3.'); // one value: a template states it, no second model call
    expect(provider.answerRequests).toHaveLength(0);

    const history = await h.pipeline.history('s1');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      id: out.historyEntryId,
      kind: 'query',
      status: 'ok',
      row_count: 1,
      rlhf_signal: 'positive',
      trace_id: out.traceId,
      question: 'How many customers are there?',
    });

    const trace = await h.store.getTrace(out.traceId);
    expect(trace?.status).toBe('ok');
    expect(trace?.spans.map((s) => s.name)).toEqual([
      'intake',
      'schema',
      'cache',
      'linking',
      'examples',
      'generate',
      'check',
      'answer-check',
      'policy',
      'execute',
      'answer',
      'record',
    ]);
    const generate = trace!.spans.find((s) => s.name === 'generate')!;
    expect(generate.tokens?.prompt).toBeGreaterThan(0);
    expect(trace!.spans.find((s) => s.name === 'linking')!.detail?.linkedTables).toEqual(['customers', 'orders']);

    expect(h.audits).toEqual([
      {
        event: 'query',
        fields: expect.objectContaining({
          userId: 'u1',
          sessionId: 's1',
          traceId: out.traceId,
          status: 'ok',
          sqlKind: 'read',
        }),
      },
    ]);
    const types = h.events.map((e) => e.type);
    expect(types.filter((t) => t === 'stage.started')).toHaveLength(12);
    expect(types.filter((t) => t === 'stage.finished')).toHaveLength(12);
    expect(types[types.length - 1]).toBe('answer.ready');
    expect(h.events.every((e) => e.sessionId === 's1' && e.userId === 'u1' && e.traceId === out.traceId)).toBe(true);
  });

  it('refuses an empty or over-long question before calling the model', async () => {
    const provider = scripted([]);
    const h = harness(provider, { maxQuestionChars: 20 });
    const empty = await h.pipeline.ask({ question: '   ', sessionId: 's', userId: 'u' });
    expect(empty).toMatchObject({ success: false, error: expect.stringMatching(/empty/) });
    const long = await h.pipeline.ask({ question: 'x'.repeat(21), sessionId: 's', userId: 'u' });
    expect(long.error).toMatch(/too long/);
    expect(provider.sqlRequests).toHaveLength(0);
    expect((await h.pipeline.history('s')).map((e) => e.status)).toEqual(['error', 'error']);
  });

  it('serves a repeated question of the same session from the cache without calling the model', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => 'SELECT name FROM customers ORDER BY id' });
    const h = harness(provider);
    const first = await h.pipeline.ask({ question: 'Names of customers?', sessionId: 's1', userId: 'u1' });
    const second = await h.pipeline.ask({ question: '  names of CUSTOMERS ', sessionId: 's1', userId: 'u1' });
    expect(second).toMatchObject({ success: true, cached: true, sql: first.sql, response: first.response });
    expect(second.result?.rows).toEqual([['Ann'], ['Bob'], ['Cleo']]);
    expect(provider.sqlRequests).toHaveLength(1);
    expect(provider.answerRequests).toHaveLength(0); // three names: the short-list template words them
    expect(first.response).toBe('3 rows: Ann, Bob and Cleo.');
    const trace = await h.store.getTrace(second.traceId);
    expect(trace?.spans.find((s) => s.name === 'cache')?.outcome).toBe('hit');
    expect(trace?.spans.some((s) => s.name === 'generate')).toBe(false);

    // another session (or user) never gets these rows
    const other = await h.pipeline.ask({ question: 'Names of customers?', sessionId: 's2', userId: 'u2' });
    expect(other.cached).toBe(false);
    expect(provider.sqlRequests).toHaveLength(2);

    // the entry expires after cacheTtlSeconds (300)
    h.now.ms += 301_000;
    const later = await h.pipeline.ask({ question: 'Names of customers?', sessionId: 's1', userId: 'u1' });
    expect(later.cached).toBe(false);
    expect(provider.sqlRequests).toHaveLength(3);
  });

  it('reuses the SQL of a near-identical question of the same session but runs it again', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => 'SELECT count(*) AS n FROM customers' });
    const h = harness(provider);
    const first = await h.pipeline.ask({ question: 'How many customers are there?', sessionId: 's1', userId: 'u1' });
    expect(first.result?.rows).toEqual([[3]]);
    sqliteExec(`INSERT INTO customers (id, name, country) VALUES (4, 'Dan', 'Peru')`);

    const near = await h.pipeline.ask({ question: 'how many customers do we have', sessionId: 's1', userId: 'u1' });
    expect(near).toMatchObject({ success: true, cached: false, sql: first.sql });
    expect(near.result?.rows).toEqual([[4]]); // re-executed: sees the new row
    expect(provider.sqlRequests).toHaveLength(1);
    const cacheSpan = (await h.store.getTrace(near.traceId))!.spans.find((s) => s.name === 'cache')!;
    expect(cacheSpan).toMatchObject({
      outcome: 'hit',
      detail: expect.objectContaining({ match: 'near', reusedQuestion: 'How many customers are there?' }),
    });

    // another user's session does not reuse it
    await h.pipeline.ask({ question: 'how many customers do we have', sessionId: 's9', userId: 'u9' });
    expect(provider.sqlRequests).toHaveLength(2);
  });

  it('corrects itself after a database error, feeding the error back', async () => {
    const provider = scripted([
      'SELECT nosuch_function(name) FROM customers',
      'SELECT upper(name) AS n FROM customers ORDER BY id',
    ]);
    const h = harness(provider);
    const out = await h.pipeline.ask({ question: 'Customer names in capitals', sessionId: 's1', userId: 'u1' });
    expect(out).toMatchObject({ success: true, sql: 'SELECT upper(name) AS n FROM customers ORDER BY id' });
    expect(out.result?.rows).toEqual([['ANN'], ['BOB'], ['CLEO']]);
    const retry = provider.sqlRequests[1];
    expect(retry.previousAttempt).toEqual({
      sql: 'SELECT nosuch_function(name) FROM customers',
      error: expect.stringMatching(/nosuch_function/),
    });
    const spans = (await h.store.getTrace(out.traceId))!.spans;
    expect(spans.filter((s) => s.name === 'generate')).toHaveLength(2);
    expect(spans.find((s) => s.name === 'correct')).toMatchObject({
      outcome: 'ok',
      detail: expect.objectContaining({ retry: 1 }),
    });
  });

  it('feeds an unknown column back to generation before running anything', async () => {
    const provider = scripted(['SELECT nme FROM customers', 'SELECT name FROM customers WHERE id = 2']);
    const h = harness(provider);
    const out = await h.pipeline.ask({ question: 'Name of customer 2', sessionId: 's1', userId: 'u1' });
    expect(out).toMatchObject({ success: true, result: expect.objectContaining({ rows: [['Bob']] }) });
    const retry = provider.sqlRequests[1];
    expect(retry.previousAttempt?.sql).toBe('SELECT nme FROM customers');
    expect(retry.previousAttempt?.error).toMatch(/nme/);
    const spans = (await h.store.getTrace(out.traceId))!.spans;
    expect(spans.filter((s) => s.name === 'execute')).toHaveLength(1);
    expect(spans.find((s) => s.name === 'check')).toMatchObject({ outcome: 'error' });
  });

  it('fails clearly with the last error once the retries are used up', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => 'SELECT nosuch_function(name) FROM customers' });
    const h = harness(provider, { maxRetries: 2 });
    const out = await h.pipeline.ask({ question: 'Something impossible', sessionId: 's1', userId: 'u1' });
    expect(out.success).toBe(false);
    expect(out.error).toMatch(/after 3 attempts; last error: .*nosuch_function/);
    expect(provider.sqlRequests).toHaveLength(3);
    expect((await h.pipeline.history('s1'))[0]).toMatchObject({ status: 'error', error: out.error });
    expect((await h.store.getTrace(out.traceId))?.status).toBe('error');
  });

  it('answers an unanswerable question with the model message, and names an unreachable provider', async () => {
    const h = harness(
      scripted([new UnanswerableQuestionError('No table holds weather data; ask about customers or orders.')]),
    );
    const out = await h.pipeline.ask({ question: 'What is the weather?', sessionId: 's', userId: 'u' });
    expect(out).toMatchObject({ success: false, error: 'No table holds weather data; ask about customers or orders.' });

    const down = harness(
      new ScriptedLlmProvider({
        sql: [new ProviderConnectionError('connect ECONNREFUSED 127.0.0.1:11434')],
        name: 'ollama',
        modelId: 'ollama:qwen',
      }),
    );
    const out2 = await down.pipeline.ask({ question: 'How many customers?', sessionId: 's', userId: 'u' });
    expect(out2.success).toBe(false);
    expect(out2.error).toMatch(/"ollama".*could not be reached/);
  });

  it('refuses a write in user mode: nothing runs, nothing is pending', async () => {
    const h = harness(scripted(["DELETE FROM customers WHERE country = 'France'"]), { mode: 'user' });
    const out = await h.pipeline.ask({ question: 'Remove the French customers', sessionId: 's1', userId: 'u1' });
    expect(out).toMatchObject({ success: false, pendingApproval: false, kind: 'write' });
    expect(out.error).toMatch(/writes are not allowed in user mode/);
    expect(out.error).toMatch(/admin must run it/);
    expect(customerCount()).toBe(3);
    expect(await h.store.latestOperation('s1')).toBeNull();
    expect((await h.pipeline.history('s1'))[0].status).toBe('refused');
    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(NothingPendingError);
  });

  it('holds a write in admin mode; approve runs it once and reports rows affected', async () => {
    const provider = new ScriptedLlmProvider({
      sql: (r) =>
        /italian/i.test(r.question)
          ? "UPDATE customers SET country = 'Italy' WHERE country = 'France'"
          : "SELECT count(*) AS n FROM customers WHERE country = 'Italy'",
    });
    const h = harness(provider, { mode: 'admin' });
    const read1 = await h.pipeline.ask({ question: 'How many Italy customers?', sessionId: 's1', userId: 'u1' });
    expect(read1.result?.rows).toEqual([[0]]);

    const out = await h.pipeline.ask({ question: 'Make the French customers Italian', sessionId: 's1', userId: 'u1' });
    expect(out).toMatchObject({ success: true, pendingApproval: true, kind: 'write', error: null });
    expect(out.response).toMatch(/awaits approval/);
    expect(sqliteQuery("SELECT count(*) AS n FROM customers WHERE country = 'Italy'")).toEqual([{ n: 0 }]);
    expect(h.events.some((e) => e.type === 'approval.pending' && e.data.sql === out.sql)).toBe(true);
    expect((await h.pipeline.history('s1'))[1].status).toBe('pending_approval');

    const approved = await h.pipeline.approve('s1', 'u1');
    expect(approved).toMatchObject({ sessionId: 's1', sql: out.sql, rowsAffected: 2 });
    expect(sqliteQuery("SELECT count(*) AS n FROM customers WHERE country = 'Italy'")).toEqual([{ n: 2 }]);
    const history = await h.pipeline.history('s1');
    expect(history[2]).toMatchObject({
      kind: 'approval',
      status: 'approved',
      rows_affected: 2,
      ref_id: out.historyEntryId,
      sql: out.sql,
    });
    expect(h.audits.map((a) => a.event)).toContain('approve');
    expect(h.events.find((e) => e.type === 'approval.approved')?.data).toMatchObject({ rowsAffected: 2 });

    // the data changed, so the cached read is gone: asking again runs the SQL again
    const read2 = await h.pipeline.ask({ question: 'How many Italy customers?', sessionId: 's1', userId: 'u1' });
    expect(read2.cached).toBe(false);
    expect(read2.result?.rows).toEqual([[2]]);

    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
    await expect(h.pipeline.reject('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
  });

  it('reject discards the pending write: nothing runs', async () => {
    const h = harness(scripted(['DELETE FROM orders']), { mode: 'admin' });
    const out = await h.pipeline.ask({ question: 'Delete every order', sessionId: 's1', userId: 'u1' });
    expect(out.pendingApproval).toBe(true);
    const rejected = await h.pipeline.reject('s1', 'u1');
    expect(rejected).toMatchObject({ sessionId: 's1', sql: 'DELETE FROM orders' });
    expect(sqliteQuery('SELECT count(*) AS n FROM orders')).toEqual([{ n: 4 }]);
    expect((await h.pipeline.history('s1'))[1]).toMatchObject({
      kind: 'rejection',
      status: 'rejected',
      ref_id: out.historyEntryId,
    });
    expect(h.events.some((e) => e.type === 'approval.rejected')).toBe(true);
    expect(h.audits.map((a) => a.event)).toEqual(['query', 'reject']);
    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
  });

  it('lets exactly one of two concurrent approvals run the write', async () => {
    const h = harness(scripted(["INSERT INTO customers (name, country) VALUES ('Zed', 'Peru')"]), { mode: 'admin' });
    await h.pipeline.ask({ question: 'Add customer Zed from Peru', sessionId: 's1', userId: 'u1' });
    const results = await Promise.allSettled([h.pipeline.approve('s1', 'u1'), h.pipeline.approve('s1', 'u1')]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(ApprovalConflictError);
    expect(customerCount()).toBe(4);
  });

  it('never runs a write held in admin mode once the service runs in user mode: 422, still pending', async () => {
    const admin = harness(scripted(["UPDATE customers SET country = 'Italy' WHERE country = 'France'"]), {
      mode: 'admin',
    });
    const out = await admin.pipeline.ask({
      question: 'Make the French customers Italian',
      sessionId: 's1',
      userId: 'u1',
    });
    expect(out.pendingApproval).toBe(true);
    // the same state store, as after a restart with SERVICE_MODE=user (or a user-mode replica)
    const user = new QueryPipeline({
      targets: { connection: async () => ({ connectionId: 'shop', driver }), provider: async () => admin.provider },
      store: admin.store,
      config: { ...DEFAULT_PIPELINE_CONFIG, mode: 'user' },
      audit: { audit: () => undefined },
      events: new InMemoryEventBus(),
    });
    const error = await user.approve('s1', 'u1').catch((e) => e);
    expect(error).toBeInstanceOf(PipelineError);
    expect(error.code).toBe('SQL_REFUSED');
    expect(error.message).toMatch(/user mode/);
    expect(sqliteQuery("SELECT count(*) AS n FROM customers WHERE country = 'Italy'")).toEqual([{ n: 0 }]);
    expect((await admin.store.latestOperation('s1'))?.state).toBe('pending');
    await expect(user.approve('nobody', 'u1')).rejects.toBeInstanceOf(NothingPendingError);
    // rejecting runs nothing, so it stays allowed; afterwards the decision is a conflict as usual
    await expect(user.reject('s1', 'u1')).resolves.toMatchObject({ sessionId: 's1' });
    await expect(user.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
  });

  it('answers NothingPendingError when a session never had a pending write', async () => {
    const h = harness(scripted([]), { mode: 'admin' });
    await expect(h.pipeline.approve('nobody', 'u1')).rejects.toBeInstanceOf(NothingPendingError);
    await expect(h.pipeline.reject('nobody', 'u1')).rejects.toBeInstanceOf(NothingPendingError);
  });

  it('supersedes an older pending write of the same session with the newer one', async () => {
    const h = harness(
      scripted([
        "UPDATE customers SET name = 'First' WHERE id = 1",
        "UPDATE customers SET name = 'Second' WHERE id = 2",
      ]),
      { mode: 'admin' },
    );
    await h.pipeline.ask({ question: 'Rename customer 1 to First', sessionId: 's1', userId: 'u1' });
    await h.pipeline.ask({ question: 'Rename customer 2 to Second', sessionId: 's1', userId: 'u1' });
    const approved = await h.pipeline.approve('s1', 'u1');
    expect(approved).toMatchObject({ rowsAffected: 1, sql: "UPDATE customers SET name = 'Second' WHERE id = 2" });
    expect(sqliteQuery('SELECT name FROM customers WHERE id IN (1, 2) ORDER BY id')).toEqual([
      { name: 'Ann' },
      { name: 'Second' },
    ]);
    expect((await h.store.listOperations('s1')).map((o) => o.state)).toEqual(['superseded', 'approved']);
    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
  });

  it('records a failed approved write in history and throws ApprovalExecutionError', async () => {
    const h = harness(scripted(["INSERT INTO customers (id, name) VALUES (1, 'Duplicate')"]), { mode: 'admin' });
    await h.pipeline.ask({ question: 'Add a customer with id 1', sessionId: 's1', userId: 'u1' });
    const error = await h.pipeline.approve('s1', 'u1').catch((e) => e);
    expect(error).toBeInstanceOf(ApprovalExecutionError);
    expect(error.unreachable).toBe(false);
    expect((await h.pipeline.history('s1'))[1]).toMatchObject({
      kind: 'approval',
      status: 'error',
      error: expect.stringMatching(/UNIQUE|constraint/i),
    });
    expect(customerCount()).toBe(3);
  });

  it('marks a write that failed at the database failed; once the cause is gone, approving again runs it once', async () => {
    const h = harness(scripted(["INSERT INTO customers (id, name) VALUES (1, 'Again')"]), { mode: 'admin' });
    await h.pipeline.ask({ question: 'Add a customer with id 1', sessionId: 's1', userId: 'u1' });
    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalExecutionError);
    expect(await h.store.latestOperation('s1')).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/UNIQUE|constraint/i),
    });
    expect(h.events.filter((e) => e.type.startsWith('approval.')).map((e) => e.type)).toEqual([
      'approval.pending',
      'approval.executing',
      'approval.failed',
    ]);
    sqliteExec('DELETE FROM orders WHERE customer_id = 1; DELETE FROM customers WHERE id = 1');
    expect(await h.pipeline.approve('s1', 'u1')).toMatchObject({ rowsAffected: 1 });
    expect(sqliteQuery('SELECT name FROM customers WHERE id = 1')).toEqual([{ name: 'Again' }]);
    await expect(h.pipeline.approve('s1', 'u1')).rejects.toBeInstanceOf(ApprovalConflictError);
    expect((await h.pipeline.history('s1')).map((e) => `${e.kind}:${e.status}`)).toEqual([
      'query:pending_approval',
      'approval:error',
      'approval:approved',
    ]);
  });

  it('records an approval whose connection was deleted meanwhile as failed in history, running nothing', async () => {
    const h = harness(scripted(['DELETE FROM orders']), { mode: 'admin' });
    let deleted = false;
    const pipeline = new QueryPipeline({
      targets: {
        connection: async (id) => {
          if (deleted) throw new PipelineError('NOT_FOUND', `Unknown connection "${id ?? 'shop'}".`);
          return { connectionId: 'shop', driver };
        },
        provider: async () => h.provider,
      },
      store: h.store,
      config: { ...DEFAULT_PIPELINE_CONFIG, mode: 'admin' },
      audit: { audit: (event, fields) => h.audits.push({ event, fields }) },
      events: new InMemoryEventBus(),
    });
    const out = await pipeline.ask({ question: 'Delete every order', sessionId: 's1', userId: 'u1' });
    expect(out.pendingApproval).toBe(true);
    deleted = true;
    const error = await pipeline.approve('s1', 'u1').catch((e) => e);
    expect(error).toBeInstanceOf(ApprovalExecutionError);
    expect(error.message).toMatch(/Unknown connection "shop"/);
    expect(sqliteQuery('SELECT count(*) AS n FROM orders')).toEqual([{ n: 4 }]);
    expect((await pipeline.history('s1'))[1]).toMatchObject({
      kind: 'approval',
      status: 'error',
      error: expect.stringMatching(/Unknown connection/),
    });
    expect(h.audits.filter((a) => a.event === 'approve').map((a) => a.fields.status)).toEqual(['error']);
  });

  it('attaches feedback to the latest query; only a promoted example (never a bare thumbs-up) reaches later prompts', async () => {
    const provider = new ScriptedLlmProvider({
      sql: (r) => (r.question === 'Customer names' ? 'SELECT name FROM customers' : 'SELECT count(*) FROM orders'),
    });
    const h = harness(provider);
    const first = await h.pipeline.ask({ question: 'Customer names', sessionId: 's1', userId: 'u1' });
    const feedback = await h.pipeline.recordFeedback('s1', 'u1', 'positive');
    expect(feedback).toMatchObject({ kind: 'feedback', signal: 'positive', ref_id: first.historyEntryId });
    await h.pipeline.examples.settled();
    const [candidate] = await h.pipeline.examples.list({ connectionId: 'shop' });
    expect(candidate).toMatchObject({
      status: 'candidate',
      question: 'Customer names',
      sql: 'SELECT name FROM customers',
      source_entry_id: first.historyEntryId,
      reason: null,
    });
    expect(candidate.result_fingerprint).toMatchObject({ columns: ['name'], row_count: 3 });
    await h.pipeline.ask({ question: 'How many orders', sessionId: 's2', userId: 'u2' });
    expect(provider.sqlRequests[1].examples).toEqual([]);
    expect(h.audits.map((a) => a.event)).toEqual(['query', 'feedback', 'query']);

    expect(await h.pipeline.examples.promote(candidate.id)).toMatchObject({
      ok: true,
      example: { status: 'verified' },
    });
    expect(await h.pipeline.examples.promote(candidate.id)).toMatchObject({ ok: false, status: 409 });
    const used = await h.pipeline.ask({ question: 'How many orders now', sessionId: 's3', userId: 'u3' });
    expect(provider.sqlRequests[2].examples).toEqual([
      { id: candidate.id, question: 'Customer names', sql: 'SELECT name FROM customers' },
    ]);
    await h.pipeline.flushRecords();
    expect((await h.store.listHistory('s3')).find((e) => e.id === used.historyEntryId)?.examples).toEqual([
      candidate.id,
    ]);

    // a thumbs-down on the answer that used it sends it back to candidate
    await h.pipeline.recordFeedback('s3', 'u3', 'negative');
    expect((await h.pipeline.examples.list({ connectionId: 'shop' }))[0]).toMatchObject({
      id: candidate.id,
      status: 'candidate',
      reason: expect.stringMatching(/thumbs-down/),
    });

    // promoted again, then a schema change that breaks its SQL retires it
    expect((await h.pipeline.examples.promote(candidate.id)).ok).toBe(true);
    await h.pipeline.refreshSchema();
    expect((await h.pipeline.examples.list({ status: 'verified' })).map((e) => e.id)).toEqual([candidate.id]);
    sqliteExec('ALTER TABLE customers RENAME COLUMN name TO full_name');
    try {
      await h.pipeline.refreshSchema();
      expect(await h.pipeline.examples.list({ connectionId: 'shop' })).toEqual([
        expect.objectContaining({
          id: candidate.id,
          status: 'retired',
          reason: expect.stringMatching(/no longer runs.*name/),
        }),
      ]);
    } finally {
      sqliteExec('ALTER TABLE customers RENAME COLUMN full_name TO name');
      await h.pipeline.refreshSchema();
    }
    expect(await h.pipeline.examples.reject(candidate.id, 'admin')).toMatchObject({
      ok: true,
      example: { status: 'rejected', reason: 'rejected by admin' },
    });
  });

  it('marks a candidate failed_check when its SQL no longer runs or its re-run returns another row count than the answer', async () => {
    const provider = new ScriptedLlmProvider({
      sql: (r) =>
        r.question === 'French customers'
          ? "SELECT name FROM customers WHERE country = 'France'"
          : 'SELECT total FROM orders',
    });
    const h = harness(provider);
    await h.pipeline.ask({ question: 'French customers', sessionId: 's1', userId: 'u1' });
    sqliteExec("INSERT INTO customers (id, name, country) VALUES (4, 'Dora', 'France')");
    await h.pipeline.recordFeedback('s1', 'u1', 'positive');
    await h.pipeline.examples.settled();
    expect(await h.pipeline.examples.list({ status: 'failed_check' })).toEqual([
      expect.objectContaining({
        question: 'French customers',
        reason: 'The check failed: the re-run returned 3 rows where the answer had 2.',
      }),
    ]);

    await h.pipeline.ask({ question: 'Order totals', sessionId: 's2', userId: 'u2' });
    sqliteExec('ALTER TABLE orders RENAME COLUMN total TO amount');
    try {
      await h.pipeline.recordFeedback('s2', 'u2', 'positive');
      await h.pipeline.examples.settled();
    } finally {
      sqliteExec('ALTER TABLE orders RENAME COLUMN amount TO total');
    }
    const [failed] = await h.pipeline.examples.list({ status: 'failed_check' });
    expect(failed).toMatchObject({
      question: 'Order totals',
      result_fingerprint: null,
      reason: expect.stringMatching(/^The check failed: its SQL no longer runs \(.*total/),
    });
    expect(await h.pipeline.examples.promote(failed.id)).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(/failed_check/),
    });
    // a repeated thumbs-up on an open candidate adds nothing; the failed ones stay out of every prompt
    expect(await h.pipeline.examples.list({ status: 'candidate' })).toEqual([]);
    await h.pipeline.ask({ question: 'Anything else', sessionId: 's3', userId: 'u3' });
    expect(provider.sqlRequests.at(-1)?.examples).toEqual([]);
  });

  it('rates the latest query from the newest history entries, and past a run of newer non-query entries', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => 'SELECT name FROM customers' });
    const h = harness(provider);
    const asked = await h.pipeline.ask({ question: 'Customer names', sessionId: 's1', userId: 'u1' });
    const reads: Array<number | undefined> = [];
    const listHistory = h.store.listHistory.bind(h.store);
    h.store.listHistory = (sessionId, options) => {
      reads.push(options?.newest);
      return listHistory(sessionId, options);
    };
    expect((await h.pipeline.recordFeedback('s1', 'u1', 'positive')).ref_id).toBe(asked.historyEntryId);
    expect(reads).toEqual([RECENT_HISTORY_ENTRIES]);
    // more feedback than the newest entries hold: the whole history is read once to find the query
    for (let i = 0; i < RECENT_HISTORY_ENTRIES; i++) await h.pipeline.recordFeedback('s1', 'u1', 'negative');
    reads.length = 0;
    expect((await h.pipeline.recordFeedback('s1', 'u1', 'positive')).ref_id).toBe(asked.historyEntryId);
    expect(reads).toEqual([RECENT_HISTORY_ENTRIES, undefined]);
  });

  it('rates the history entry it is given: a thumbs-up makes a candidate of THAT entry, a thumbs-down demotes only what it used', async () => {
    const provider = new ScriptedLlmProvider({
      sql: (r) => (r.question === 'Customer names' ? 'SELECT name FROM customers' : 'SELECT count(*) AS n FROM orders'),
    });
    const h = harness(provider);
    const first = await h.pipeline.ask({ question: 'Customer names', sessionId: 's1', userId: 'u1' });
    const second = await h.pipeline.ask({ question: 'How many orders', sessionId: 's1', userId: 'u1' });
    const up = await h.pipeline.recordFeedback('s1', 'u1', 'positive', first.historyEntryId);
    expect(up).toMatchObject({
      kind: 'feedback',
      ref_id: first.historyEntryId,
      question: 'Customer names',
      sql: 'SELECT name FROM customers',
    });
    await h.pipeline.examples.settled();
    const [candidate] = await h.pipeline.examples.list({ connectionId: 'shop' });
    expect(candidate).toMatchObject({
      status: 'candidate',
      question: 'Customer names',
      source_entry_id: first.historyEntryId,
    });
    expect((await h.pipeline.examples.promote(candidate.id)).ok).toBe(true);

    // s2's answer is written with the verified example
    const used = await h.pipeline.ask({ question: 'How many orders now', sessionId: 's2', userId: 'u2' });
    expect(provider.sqlRequests.at(-1)?.examples.map((e) => e.id)).toEqual([candidate.id]);
    await h.pipeline.flushRecords();
    // a thumbs-down on an entry that used no example (s1's second answer, asked before the promotion) keeps it
    await h.pipeline.recordFeedback('s1', 'u1', 'negative', second.historyEntryId);
    expect((await h.pipeline.examples.list({ connectionId: 'shop' }))[0]).toMatchObject({
      id: candidate.id,
      status: 'verified',
    });
    // on the entry that used it: back to candidate
    await h.pipeline.recordFeedback('s2', 'u2', 'negative', used.historyEntryId);
    expect((await h.pipeline.examples.list({ connectionId: 'shop' }))[0]).toMatchObject({
      id: candidate.id,
      status: 'candidate',
      reason: expect.stringMatching(/thumbs-down/),
    });

    // an id of another session, or of an entry that is not an answer, is refused with its reason
    await expect(h.pipeline.recordFeedback('s1', 'u1', 'positive', used.historyEntryId)).rejects.toMatchObject({
      name: 'FeedbackTargetError',
      reason: 'not_found',
    });
    await expect(h.pipeline.recordFeedback('s1', 'u1', 'positive', up.id)).rejects.toMatchObject({
      name: 'FeedbackTargetError',
      reason: 'not_an_answer',
    });
  });

  it('keeps the first page of an answered read on its history entry, and leaves it out of the reads that do not show it', async () => {
    const h = harness(new ScriptedLlmProvider({ sql: () => 'SELECT id, name FROM customers ORDER BY id' }));
    const asked = await h.pipeline.ask({ question: 'Customer names', sessionId: 's1', userId: 'u1' });
    const [entry] = await h.pipeline.history('s1');
    expect(entry.id).toBe(asked.historyEntryId);
    expect(entry.result).toEqual({ columns: ['id', 'name'], rows: asked.result?.rows, more: false });
    expect((await h.store.listHistory('s1', { omitResults: true }))[0].result).toBeUndefined();
  });

  it('reports schema age, refreshes the schema and clears the connection cache', async () => {
    const provider = new ScriptedLlmProvider({ sql: () => 'SELECT count(*) AS n FROM customers' });
    const h = harness(provider);
    expect(h.pipeline.schemaAgeSeconds()).toBe(0);
    await h.pipeline.warmUp();
    h.now.ms += 42_000;
    expect(h.pipeline.schemaAgeSeconds()).toBe(42);
    expect(h.pipeline.schemaAgeSeconds('shop')).toBe(42);

    await h.pipeline.ask({ question: 'How many customers?', sessionId: 's1', userId: 'u1' });
    sqliteExec('CREATE TABLE suppliers (id INTEGER PRIMARY KEY, name TEXT)');
    try {
      const schema = await h.pipeline.refreshSchema();
      expect(schema.tables.map((t) => t.name)).toContain('suppliers');
      expect(h.pipeline.schemaAgeSeconds()).toBe(0);
      expect(h.events.find((e) => e.type === 'schema.refreshed')?.data).toMatchObject({
        connectionId: 'shop',
        tables: 3,
        version: schema.version,
      });
      const again = await h.pipeline.ask({ question: 'How many customers?', sessionId: 's1', userId: 'u1' });
      expect(again.cached).toBe(false);
      expect(provider.sqlRequests).toHaveLength(2);
    } finally {
      sqliteExec('DROP TABLE suppliers');
    }
  });

  it('answers with the real OfflineProvider', async () => {
    const h = harness(new OfflineProvider());
    const out = await h.pipeline.ask({ question: 'How many customers are there?', sessionId: 's1', userId: 'u1' });
    expect(out.error).toBeNull();
    expect(out.success).toBe(true);
    expect(out.kind).toBe('read');
    expect(out.result?.rows).toEqual([[3]]);
    // worded with the plan the provider returned with the SQL, carried through the attempt to the answer
    expect(out.response).toBe('There are 3 customers.');
  });

  it('words every answer with the model when answerMode is model, and never calls it for template', async () => {
    const model = harness(scripted(['SELECT count(*) AS n FROM customers']), { answerMode: 'model' });
    expect((await model.pipeline.ask({ question: 'How many?', sessionId: 's', userId: 'u' })).response).toBe(
      '1 row; first: [3].',
    );
    expect((model.provider as ScriptedLlmProvider).answerRequests).toHaveLength(1);
    const template = harness(scripted(['SELECT name, country FROM customers ORDER BY id']), { answerMode: 'template' });
    const out = await template.pipeline.ask({ question: 'Who?', sessionId: 's', userId: 'u' });
    expect(out.response).toBe('The query returned 3 rows (columns: name, country).');
    expect((template.provider as ScriptedLlmProvider).answerRequests).toHaveLength(0);
    const trace = await template.store.getTrace(out.traceId);
    expect(trace?.spans.find((s) => s.name === 'answer')?.detail).toMatchObject({ answeredBy: 'template' });
  });

  it("sends the session's earlier turns with a follow-up, and keys the cache by them", async () => {
    const provider = new ScriptedLlmProvider({
      sql: (request) =>
        request.question.startsWith('and')
          ? "SELECT count(*) AS n FROM customers WHERE country = 'Spain'"
          : "SELECT count(*) AS n FROM customers WHERE country = 'France'",
    });
    const h = harness(provider);
    await h.pipeline.ask({ question: 'How many customers in France?', sessionId: 'a', userId: 'u' });
    const follow = await h.pipeline.ask({ question: 'and in Spain?', sessionId: 'a', userId: 'u' });
    expect(follow.result?.rows).toEqual([[1]]);
    expect(provider.sqlRequests[1].conversation).toEqual([
      {
        question: 'How many customers in France?',
        sql: "SELECT count(*) AS n FROM customers WHERE country = 'France'",
        resultSummary: '1 row: The answer is 2.',
      },
    ]);
    expect(provider.sqlRequests[0].conversation).toEqual([]);
    // Another session with another first turn: the same follow-up is generated again, not served from the cache.
    await h.pipeline.ask({ question: 'Count the customers of France', sessionId: 'a2', userId: 'u' });
    const other = await h.pipeline.ask({ question: 'and in Spain?', sessionId: 'a2', userId: 'u' });
    expect(other.cached).toBe(false);
    expect(provider.sqlRequests).toHaveLength(4);
    expect(provider.sqlRequests[3].conversation?.map((t) => t.question)).toEqual(['Count the customers of France']);
  });

  it("escalates once to the fallback provider when the first one's SQL fails, and traces which model answered", async () => {
    const local = new ScriptedLlmProvider({ sql: ['SELECT nme FROM customers'], modelId: 'local:small' });
    const remote = new ScriptedLlmProvider({
      sql: ['SELECT name FROM customers WHERE id = 1'],
      modelId: 'remote:large',
    });
    const h = harness(local, { maxRetries: 0 }, remote);
    const out = await h.pipeline.ask({ question: 'First customer name?', sessionId: 'c', userId: 'u' });
    expect(out).toMatchObject({
      success: true,
      sql: 'SELECT name FROM customers WHERE id = 1',
      response: 'Name: Ann.',
    });
    expect(local.sqlRequests).toHaveLength(1);
    expect(remote.sqlRequests).toHaveLength(1);
    expect(remote.sqlRequests[0].previousAttempt?.sql).toBe('SELECT nme FROM customers');
    const generate = (await h.store.getTrace(out.traceId))!.spans.filter((s) => s.name === 'generate');
    expect(generate.map((s) => s.detail)).toEqual([
      expect.objectContaining({ model: 'local:small' }),
      expect.objectContaining({ model: 'remote:large', escalated: true }),
    ]);
    // A refusal by the first provider escalates too; with no fallback the first provider's failure stands.
    const refusing = new ScriptedLlmProvider({ sql: [''], modelId: 'local:small' });
    const alone = harness(refusing, { maxRetries: 0 });
    expect((await alone.pipeline.ask({ question: 'x?', sessionId: 'c', userId: 'u' })).success).toBe(false);
    const cascaded = harness(
      new ScriptedLlmProvider({ sql: [''] }),
      { maxRetries: 0 },
      new ScriptedLlmProvider({ sql: ['SELECT count(*) AS n FROM orders'] }),
    );
    expect((await cascaded.pipeline.ask({ question: 'How many orders?', sessionId: 'c', userId: 'u' })).response).toBe(
      'The answer is 4.',
    );
  });

  it('falls back to lexical linking, traced, when the embedding server cannot be reached', async () => {
    const unreachable = new SemanticScorer(
      createEmbeddingClient({
        kind: 'ollama',
        baseURL: 'http://127.0.0.1:9',
        model: 'nomic-embed-text',
        timeoutMs: 2000,
      }),
    );
    const h = harness(scripted(['SELECT count(*) AS n FROM customers']), { schemaTokenBudget: 20 }, null, unreachable);
    const out = await h.pipeline.ask({ question: 'How many customers?', sessionId: 'e', userId: 'u' });
    expect(out).toMatchObject({ success: true, response: 'The answer is 3.' });
    const linking = (await h.store.getTrace(out.traceId))!.spans.find((s) => s.name === 'linking')!;
    expect(linking.detail).toMatchObject({
      reduced: true,
      semantic: { error: expect.stringContaining('embeddings unavailable, lexical linking used') },
    });
    // A schema that fits the budget is never sent for embeddings.
    const small = harness(scripted(['SELECT count(*) AS n FROM customers']), {}, null, unreachable);
    const fits = await small.pipeline.ask({ question: 'How many customers?', sessionId: 'e', userId: 'u' });
    expect(
      (await small.store.getTrace(fits.traceId))!.spans.find((s) => s.name === 'linking')!.detail,
    ).not.toHaveProperty('semantic');
  });
});
