/**
 * Partial periods named in the answer on real engines: a read grouped by the year or month of a date column, where
 * the data's latest date falls inside the last period, says "2026 so far" / "November 2026 so far" in the answer
 * text while the rows keep their values; a period that is over (the latest date on its last day) reads plainly.
 * SQLite always; PostgreSQL and MariaDB skipped only when unreachable.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { dayOf, partialLabel } from './stages/partial-periods';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

describe('partialLabel', () => {
  const latest = { year: 2026, month: 11, day: 15 };
  it('names the year and the month the latest date falls in, and only those', () => {
    expect(partialLabel('2026', 'year', latest)).toBe('2026 so far');
    expect(partialLabel(2026, 'year', latest)).toBe('2026 so far');
    expect(partialLabel('2025', 'year', latest)).toBeNull();
    expect(partialLabel('2026-11', 'month', latest)).toBe('November 2026 so far');
    expect(partialLabel('2026-11-01 00:00:00', 'month', latest)).toBe('November 2026 so far');
    expect(partialLabel(new Date(Date.UTC(2026, 10, 1)), 'month', latest)).toBe('November 2026 so far');
    expect(partialLabel('2026-10', 'month', latest)).toBeNull();
    expect(partialLabel('2026-11-15', 'month', latest)).toBeNull();
  });

  it('reads a period plainly once the latest date is its last day', () => {
    expect(partialLabel('2025', 'year', { year: 2025, month: 12, day: 31 })).toBeNull();
    expect(partialLabel('2024-02', 'month', { year: 2024, month: 2, day: 29 })).toBeNull();
    expect(partialLabel('2025-02', 'month', { year: 2025, month: 2, day: 27 })).toBe('February 2025 so far');
    expect(dayOf('2026-11-15 10:30:00')).toEqual({ year: 2026, month: 11, day: 15 });
    expect(dayOf('soon')).toBeNull();
  });
});

/** Sales per year in each engine's own SQL. */
const PER_YEAR = new Map([
  ['sqlite', "SELECT strftime('%Y', ordered_at) AS year, SUM(amount) AS sales FROM orders GROUP BY 1 ORDER BY 1"],
  [
    'postgresql',
    'SELECT EXTRACT(YEAR FROM ordered_at) AS year, SUM(amount) AS sales FROM orders GROUP BY 1 ORDER BY 1',
  ],
  ['mariadb', 'SELECT YEAR(ordered_at) AS year, SUM(amount) AS sales FROM orders GROUP BY 1 ORDER BY 1'],
]);

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('partial periods named on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, ordered_at DATE NOT NULL, amount DECIMAL(10,2) NOT NULL)',
    "INSERT INTO orders (id, ordered_at, amount) VALUES (1, '2025-03-10', 100), (2, '2025-12-01', 50), (3, '2026-02-01', 70), (4, '2026-11-15', 30)",
  ]);

  async function ask(sql: string) {
    const { pipeline } = scriptedPipeline({
      driver: scratch.driver,
      sql,
      connectionId: engine.name,
      config: { answerMode: 'template' },
    });
    return pipeline.ask({ question: 'sales per year', sessionId: 's', userId: 'u' });
  }

  it('a year that is not over at the latest date reads "so far"; the rows keep their values', async () => {
    const sql = PER_YEAR.get(engine.name) ?? PER_YEAR.get('sqlite')!;
    const out = await ask(sql);
    expect(out.response).toMatch(/^2 rows \(year, sales\): 2025 \(\$150\.00\) and 2026 so far \(\$100\.00\)\.$/);
    expect(out.result?.rows.map((r) => String(r[0]))).toEqual(['2025', '2026']);
  });

  it('a month that is not over reads "November 2026 so far"', async () => {
    if (engine.name === 'mariadb') return; // DATE_FORMAT is not among the date parts the reading knows
    const month = engine.name === 'sqlite' ? "strftime('%Y-%m', ordered_at)" : "to_char(ordered_at, 'YYYY-MM')";
    const out = await ask(`SELECT ${month} AS month, COUNT(*) AS orders FROM orders GROUP BY 1 ORDER BY 1`);
    expect(out.response).toContain('November 2026 so far (1)');
    expect(out.response).toContain('2026-02 (1)');
  });
});
