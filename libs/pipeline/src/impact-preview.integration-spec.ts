/**
 * Impact preview through the pipeline on real engines: a held write states the rows it would
 * change in the response text, on the PendingOperation, in the history entry and in the approval.pending event;
 * approving it then changes exactly that many rows. A count that cannot run leaves the write pending with "could
 * not count". SQLite always; PostgreSQL and MariaDB in fresh databases, skipped only when unreachable.
 */
import type { LiveEvent } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { InMemoryEventBus } from './event-bus';
import { DEFAULT_PIPELINE_CONFIG } from './pipeline-config';
import { QueryPipeline } from './query-pipeline';
import { InMemoryStateStore } from './testing/in-memory-state-store';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';

// Servers and engines under load: Jest's multi-project run ignores the per-project testTimeout (default 5 s).
jest.setTimeout(30_000);

const FIXTURE = [
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20) NOT NULL, order_date DATE NOT NULL)',
  "INSERT INTO orders (id, status, order_date) VALUES (1, 'open', '2024-01-05'), (2, 'open', '2024-02-10'), (3, 'cancelled', '2024-03-01'), " +
    "(4, 'cancelled', '2024-03-15'), (5, 'cancelled', '2025-01-01'), (6, 'open', '2025-06-30'), (7, 'cancelled', '2025-07-01'), (8, 'shipped', '2025-08-01')",
];

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('impact preview through the pipeline on $name', (engine) => {
  const scratch = useScratchDriver(engine);
  beforeEach(async () => {
    await scratch.driver.runWrite('DROP TABLE IF EXISTS orders', { timeoutMs: 5000 });
    for (const sql of FIXTURE) await scratch.driver.runWrite(sql, { timeoutMs: 5000 });
  });

  function pipelineFor(sql: string, statementTimeoutMs = 5000) {
    const store = new InMemoryStateStore();
    const events = new InMemoryEventBus();
    const seen: LiveEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const provider = new ScriptedLlmProvider({ sql: () => sql });
    const pipeline = new QueryPipeline({
      targets: {
        connection: async () => ({ connectionId: engine.name, driver: scratch.driver }),
        provider: async () => provider,
      },
      store,
      config: { ...DEFAULT_PIPELINE_CONFIG, mode: 'admin', statementTimeoutMs },
      audit: { audit: () => undefined },
      events,
    });
    return { pipeline, store, seen };
  }
  const count = async () =>
    (await scratch.driver.runRead('SELECT COUNT(*) FROM orders', { maxRows: 1, timeoutMs: 5000 })).rows[0][0];

  it('a pending DELETE says how many rows it would delete, everywhere, and approving deletes exactly those', async () => {
    const { pipeline, store, seen } = pipelineFor("DELETE FROM orders WHERE status = 'cancelled'");
    const out = await pipeline.ask({ question: 'Delete the cancelled orders', sessionId: 's1', userId: 'u1' });
    expect(out.pendingApproval).toBe(true);
    expect(out.response).toMatch(/^This SQL would delete 4 rows, so it was not run: it awaits approval/);
    expect(out.estimatedRows).toBe(4);
    expect(await count()).toBe(8);

    const operation = await store.latestOperation('s1');
    expect(operation).toMatchObject({ state: 'pending', estimatedRows: 4 });
    const [entry] = await store.listHistory('s1');
    expect(entry).toMatchObject({ status: 'pending_approval', estimated_rows: 4 });
    expect(entry.answer).toContain('would delete 4 rows');
    const pending = seen.find((e) => e.type === 'approval.pending');
    expect(pending?.data).toMatchObject({ estimatedRows: 4, impact: 'would delete 4 rows' });
    const policy = (await store.getTrace(out.traceId))?.spans.find((s) => s.name === 'policy');
    expect(policy?.detail).toMatchObject({ impact: { rows: 4, method: 'count' } });

    const approved = await pipeline.approve('s1', 'u1');
    expect(approved.rowsAffected).toBe(4);
    expect(await count()).toBe(4);
  });

  it('a pending UPDATE and INSERT state their rows', async () => {
    let { pipeline } = pipelineFor("UPDATE orders SET status = 'archived' WHERE order_date < '2025-01-01'");
    let out = await pipeline.ask({ question: 'Archive the orders before 2025', sessionId: 's2', userId: 'u1' });
    expect(out.response).toContain('This SQL would update 4 rows, so it was not run');
    expect((await pipeline.approve('s2', 'u1')).rowsAffected).toBe(4);

    ({ pipeline } = pipelineFor(
      "INSERT INTO orders (id, status, order_date) VALUES (9, 'open', '2025-09-01'), (10, 'open', '2025-09-02')",
    ));
    out = await pipeline.ask({ question: 'Add two open orders', sessionId: 's3', userId: 'u1' });
    expect(out.response).toContain('This SQL would insert 2 rows');
    expect(out.estimatedRows).toBe(2);
    expect((await pipeline.approve('s3', 'u1')).rowsAffected).toBe(2);
  });

  it('a count past the statement timeout leaves the write pending with "could not count"', async () => {
    const slow =
      'DELETE FROM orders WHERE id < (SELECT COUNT(*) FROM orders a, orders b, orders c, orders d, orders e, orders f, orders g, orders h, orders i, orders j)';
    const { pipeline, store } = pipelineFor(slow, 300);
    const out = await pipeline.ask({ question: 'Delete a lot', sessionId: 's4', userId: 'u1' });
    expect(out.pendingApproval).toBe(true);
    expect(out.response).toMatch(
      /^This SQL would delete rows \(could not count how many: .+\), so it was not run: it awaits approval/,
    );
    expect(out.estimatedRows).toBeNull();
    expect(await store.latestOperation('s4')).toMatchObject({ state: 'pending', estimatedRows: null });
    expect(await count()).toBe(8);
  });

  it('DDL is held without a count', async () => {
    const { pipeline, store } = pipelineFor('DROP TABLE orders');
    const out = await pipeline.ask({ question: 'Drop the orders table', sessionId: 's5', userId: 'u1' });
    expect(out.response).toMatch(/^This SQL changes the database schema, so it was not run/);
    expect(out.estimatedRows).toBeNull();
    expect(await store.latestOperation('s5')).toMatchObject({ estimatedRows: null });
    expect(await count()).toBe(8);
  });
});
