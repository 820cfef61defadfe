/**
 * Honest counts through the pipeline on real engines: a list cut by the row limit says so
 * (`truncated` true) and counts the rows the statement returns without the limit; a top-N the question asked for,
 * or exactly as many rows as the limit, is not cut. SQLite always; PostgreSQL and MariaDB skipped only when unreachable.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { rowCap } from './stages/row-total';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

describe('rowCap', () => {
  it('finds the outermost LIMIT, FETCH FIRST or TOP and the statement without it', () => {
    expect(rowCap('SELECT a FROM t ORDER BY a LIMIT 1000;', 'sqlite')).toEqual({
      limit: 1000,
      uncapped: 'SELECT a FROM t ORDER BY a',
    });
    expect(rowCap('SELECT a FROM t OFFSET 0 ROWS FETCH NEXT 50 ROWS ONLY', 'transactsql')).toEqual({
      limit: 50,
      uncapped: 'SELECT a FROM t',
    });
    expect(rowCap('SELECT DISTINCT TOP (1000) a FROM t', 'transactsql')).toEqual({
      limit: 1000,
      uncapped: 'SELECT DISTINCT a FROM t',
    });
    expect(rowCap('SELECT a FROM t WHERE a IN (SELECT b FROM u LIMIT 5)', 'sqlite')).toBeNull();
    expect(rowCap("SELECT a FROM t WHERE a = 'LIMIT 5'", 'sqlite')).toBeNull();
  });
});

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('honest counts through the pipeline on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, channel VARCHAR(10) NOT NULL)',
    `INSERT INTO orders (id, channel) VALUES ${Array.from({ length: 37 }, (_v, i) => `(${i + 1}, '${i < 25 ? 'web' : 'store'}')`).join(', ')}`,
  ]);

  async function ask(sql: string) {
    const { pipeline, store } = scriptedPipeline({
      driver: scratch.driver,
      sql,
      connectionId: engine.name,
      config: { maxResultRows: 10, answerMode: 'template' },
    });
    const out = await pipeline.ask({ question: 'orders from the web channel', sessionId: 's', userId: 'u' });
    const execute = (await store.getTrace(out.traceId))?.spans.find((s) => s.name === 'execute');
    return { out, execute };
  }

  it('a list capped by its own LIMIT at the row limit is truncated, with the real count in the answer', async () => {
    const { out, execute } = await ask("SELECT id FROM orders WHERE channel = 'web' ORDER BY id LIMIT 10");
    expect(out.result).toMatchObject({ rowCount: 10, truncated: true, totalRows: 25 });
    expect(out.response).toBe('The query returned 25 rows (columns: id); the first 10 are shown.');
    expect(execute?.detail).toMatchObject({ truncated: true, totalRows: 25 });
  });

  it('a list the driver cut (no LIMIT written) is truncated with the real count', async () => {
    const { out } = await ask('SELECT id FROM orders');
    expect(out.result).toMatchObject({ rowCount: 10, truncated: true, totalRows: 37 });
  });

  it('a top-N the question asked for is not truncated', async () => {
    const { out } = await ask('SELECT id FROM orders ORDER BY id DESC LIMIT 3');
    expect(out.result).toMatchObject({ rowCount: 3, truncated: false });
    expect(out.result?.totalRows ?? null).toBeNull();
  });

  it('exactly as many rows as the limit is not truncated', async () => {
    const { out } = await ask('SELECT id FROM orders WHERE id <= 10 LIMIT 10');
    expect(out.result).toMatchObject({ rowCount: 10, truncated: false });
    expect(out.response).toBe('10 rows: 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10.');
  });
});
