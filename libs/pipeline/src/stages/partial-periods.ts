import type { DatabaseSchema, ReadResult } from '@nlq/contracts';
import { quoteIdentifier, type DatabaseDriver } from '@nlq/db-drivers';
import { periodColumns, type PeriodColumn } from '../reading/period-columns';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})/;
const YEAR_TEXT = /^\d{4}$/;
const MONTH_TEXT = /^(\d{4})-(\d{2})(?:$|-01(?:$|[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$))/;

/** A calendar day as numbers (month 1..12). */
interface Day {
  year: number;
  month: number;
  day: number;
}

/** The result with its partial periods named, for the wording only, and the labels it renamed. */
export interface NamedPeriods {
  result: ReadResult;
  /** The new labels, in row order ("2026 so far", "November 2026 so far"); empty when none was partial. */
  named: string[];
}

/**
 * Partial periods named (docs/architecture.md step 11): when a read groups by the year or month of a table's date
 * column (reading/period-columns.ts), the data's latest date is read (`SELECT MAX(column)` of that table, read-only
 * under `timeoutMs`), and a year or month label of the result whose period is not over at that date reads "2026 so
 * far" / "November 2026 so far" in the rows handed to the answer wording, so no answer sets a partial 2026 beside a
 * whole 2025 without saying so. The rows the caller gets are not changed. Never throws: anything unread leaves the
 * result as it is.
 */
export async function namePartialPeriods(
  driver: DatabaseDriver,
  sql: string,
  schema: DatabaseSchema,
  result: ReadResult,
  timeoutMs: number,
): Promise<NamedPeriods> {
  const unchanged = { result, named: [] };
  if (result.rows.length === 0) return unchanged;
  const periods = periodColumns(sql, schema.dialect, schema)
    .map((p) => ({ period: p, index: result.columns.findIndex((c) => c.toLowerCase() === p.output.toLowerCase()) }))
    .filter((p) => p.index >= 0);
  if (periods.length === 0) return unchanged;
  let rows = result.rows;
  const named: string[] = [];
  for (const { period, index } of periods) {
    const latest = await latestDay(driver, period, schema, timeoutMs);
    if (!latest) continue;
    rows = rows.map((row) => {
      const label = partialLabel(row[index], period.part, latest);
      if (label === null) return row;
      named.push(label);
      return row.map((cell, i) => (i === index ? label : cell));
    });
  }
  return named.length ? { result: { ...result, rows }, named } : unchanged;
}

/** The latest day of the period's date column, or null when it cannot be read. */
async function latestDay(
  driver: DatabaseDriver,
  period: PeriodColumn,
  schema: DatabaseSchema,
  timeoutMs: number,
): Promise<Day | null> {
  const table = [period.table.schema, period.table.name]
    .filter((part): part is string => Boolean(part))
    .map((part) => quoteIdentifier(part, schema.dialect))
    .join('.');
  try {
    const read = await driver.runRead(
      `SELECT MAX(${quoteIdentifier(period.column, schema.dialect)}) AS nlq_latest FROM ${table}`,
      { maxRows: 1, timeoutMs },
    );
    return dayOf(read.rows[0]?.[0]);
  } catch {
    return null;
  }
}

/** A Date or `YYYY-MM-DD...` text as a calendar day; null for anything else. */
export function dayOf(value: unknown): Day | null {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  const match = typeof value === 'string' ? DATE_TEXT.exec(value.trim()) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/**
 * The label of a period cell that is not over at `latest` ("2026 so far", "November 2026 so far"), else null. A year
 * is over on December 31, a month on its last day.
 */
export function partialLabel(cell: unknown, part: 'year' | 'month', latest: Day): string | null {
  const text = cell instanceof Date ? cell.toISOString() : typeof cell === 'number' ? String(cell) : cell;
  if (typeof text !== 'string') return null;
  if (part === 'year') {
    if (!YEAR_TEXT.test(text.trim()) || Number(text) !== latest.year) return null;
    return latest.month === 12 && latest.day === 31 ? null : `${latest.year} so far`;
  }
  const match = MONTH_TEXT.exec(text.trim());
  if (!match || Number(match[1]) !== latest.year || Number(match[2]) !== latest.month) return null;
  const lastDay = new Date(Date.UTC(latest.year, latest.month, 0)).getUTCDate();
  return latest.day >= lastDay ? null : `${MONTH_NAMES[latest.month - 1]} ${latest.year} so far`;
}
