/**
 * Empty results explained through the pipeline on real engines: a read that returns no rows
 * because a condition falls outside the data answers with the column's range or the nearest values, recorded in the
 * answer span's detail; a read with rows is not probed. SQLite always; PostgreSQL and MariaDB in fresh databases,
 * skipped only when unreachable.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { scriptedPipeline } from './testing/scripted-pipeline';

// Servers and engines under load: Jest's multi-project run ignores the per-project testTimeout (default 5 s).
jest.setTimeout(30_000);

const FIXTURE = [
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, status VARCHAR(20) NOT NULL, order_date DATE NOT NULL)',
  "INSERT INTO orders (id, status, order_date) VALUES (1, 'open', '2023-01-01'), (2, 'shipped', '2024-05-05'), (3, 'cancelled', '2025-12-31')",
];

describeEachWith(SCRATCH_ENGINES, (e) => e.services)(
  'empty results explained through the pipeline on $name',
  (engine) => {
    const scratch = useScratchDriver(engine, FIXTURE);

    async function ask(sql: string, answerMode: 'auto' | 'model' = 'auto') {
      const provider = new ScriptedLlmProvider({ sql: () => sql, answer: () => 'The model found nothing.' });
      const { pipeline, store } = scriptedPipeline({
        driver: scratch.driver,
        provider,
        connectionId: engine.name,
        config: { answerMode },
      });
      const out = await pipeline.ask({ question: 'Orders in March 2026?', sessionId: 's', userId: 'u' });
      const answerSpan = (await store.getTrace(out.traceId))?.spans.find((s) => s.name === 'answer');
      return { out, answerSpan };
    }

    it('a date range outside the data answers with the column range, in the text and the answer span', async () => {
      const { out, answerSpan } = await ask(
        "SELECT id FROM orders WHERE order_date >= '2026-03-01' AND order_date < '2026-04-01'",
      );
      expect(out.success).toBe(true);
      expect(out.result?.rowCount).toBe(0);
      expect(out.response).toContain(
        "No row of orders has order_date >= '2026-03-01': orders.order_date runs from 2023-01-01 to 2025-12-31.",
      );
      expect(answerSpan?.detail).toMatchObject({
        emptyResult: {
          explanation: expect.stringContaining('runs from 2023-01-01 to 2025-12-31'),
          queries: expect.any(Number),
        },
      });
    });

    it('a text value not present answers with the nearest values, also after a model-worded answer', async () => {
      const { out } = await ask("SELECT id FROM orders WHERE status = 'shiped'", 'model');
      expect(out.response).toMatch(
        /^The model found nothing\. No row of orders has status = 'shiped'; the nearest existing values are 'shipped'/,
      );
    });

    it('a read with rows is not probed', async () => {
      const { out, answerSpan } = await ask("SELECT id FROM orders WHERE status = 'open'");
      expect(out.result?.rowCount).toBe(1);
      expect(answerSpan?.detail).not.toHaveProperty('emptyResult');
    });
  },
);
