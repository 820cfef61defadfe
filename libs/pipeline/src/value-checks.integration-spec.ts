/**
 * Filter values checked on model SQL through the pipeline on real SQLite, with the schema's own
 * introspection (declared types, sampled values): the answer says when a value is compared with a column of another
 * type or is not among the column's known values, and the answer span's detail lists the notes. SQL that filters
 * right gets no note.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);
const sqlite = SCRATCH_ENGINES.find((e) => e.name === 'sqlite')!;

describe('filter values checked on model SQL', () => {
  let db: ScratchDatabase;
  let driver: DatabaseDriver;

  beforeAll(async () => {
    db = await sqlite.create();
    driver = createDriver(db.url);
    await driver.connect();
    for (const sql of [
      'CREATE TABLE flights (id INTEGER PRIMARY KEY, airline VARCHAR(20) NOT NULL, status TEXT NOT NULL, seats INTEGER NOT NULL)',
      "INSERT INTO flights (airline, status, seats) VALUES ('UA', 'On time', 150), ('AA', 'Delayed', 180), ('UA', 'Delayed', 120)",
    ])
      await driver.runWrite(sql, { timeoutMs: 5000 });
  });
  afterAll(async () => {
    await driver?.close();
    await db?.drop();
  });

  async function ask(sql: string) {
    const { pipeline, store } = scriptedPipeline({ driver, sql, config: { answerMode: 'template' } });
    const out = await pipeline.ask({ question: 'q', sessionId: 's', userId: 'u' });
    const answer = (await store.getTrace(out.traceId))?.spans.find((s) => s.name === 'answer');
    return { out, answer };
  }

  it('a number compared with a text column in a range is said', async () => {
    const { out, answer } = await ask('SELECT COUNT(*) AS n FROM flights WHERE airline >= 10');
    expect(out.response).toContain(
      'Note: flights.airline holds text but was compared with the number 10, which compares text, not amounts.',
    );
    expect(answer?.detail).toMatchObject({ valueNotes: [{ column: 'flights.airline', problem: 'type-mismatch' }] });
  });

  it('text compared with a numeric column is said', async () => {
    const { out } = await ask("SELECT COUNT(*) AS n FROM flights WHERE seats > 'many'");
    expect(out.response).toContain("Note: flights.seats holds numbers but was compared with the text 'many'.");
  });

  it('a value of another letter case, or not among the known values, is said', async () => {
    const lower = await ask("SELECT id FROM flights WHERE status IN ('delayed', 'Delayed')");
    expect(lower.out.response).toContain("Note: flights.status stores 'Delayed', not 'delayed' (letter case differs).");
    const unknown = await ask("SELECT COUNT(*) AS n FROM flights WHERE status = 'Cancelled'");
    expect(unknown.out.response).toContain(
      "Note: 'Cancelled' is not among the known values of flights.status ('Delayed', 'On time').",
    );
  });

  it('SQL that filters right gets no note', async () => {
    const { out, answer } = await ask("SELECT COUNT(*) AS n FROM flights WHERE status = 'Delayed' AND seats >= 100");
    expect(out.response).not.toContain('Note:');
    expect(answer?.detail).not.toHaveProperty('valueNotes');
  });
});
