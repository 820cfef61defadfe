/**
 * Impossible and suspicious filters (docs/architecture.md "Answer check"), on the conjuncts of the outermost WHERE that
 * compare a column with literals (findLiteralFilters of @nlq/db-drivers, every dialect):
 * - `contradiction`: one column equal to two different values under AND, a value outside a range on the same
 *   column, IN lists without a common value, or a range whose bounds cross (`x > 10 AND x < 5`);
 * - `type_mismatch`: a key or numeric column compared with text that is no number (`order_id = 'Acme Corp'`), or
 *   with the count of the question's "top N" (`total_amount = 5` for "the 5 largest orders");
 * - `unknown_value`: a text value looked up in a column whose sampled values (all of them: at most 50) do not hold
 *   it while another column of the tables read does, of another domain (a city name in `countries.name`; a state
 *   missing from `river.traverse` is a state without rivers, value-domains.ts).
 */
import type { AnswerWarning, ColumnSchema, TableSchema } from '@nlq/contracts';
import { isKeyColumn, type LiteralFilter } from '@nlq/db-drivers';
import { declaredKind } from '../stages/value-checks';
import { sameDomain } from './value-domains';

const NUMERIC_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;
const quoted = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);
const label = (f: LiteralFilter) => `${f.table.name}.${f.column.name}`;

/** Contradictions among the filters, one finding per column. */
export function contradictions(filters: readonly LiteralFilter[]): AnswerWarning[] {
  const byColumn = new Map<string, LiteralFilter[]>();
  for (const f of filters) byColumn.set(label(f), [...(byColumn.get(label(f)) ?? []), f]);
  const out: AnswerWarning[] = [];
  for (const [column, list] of byColumn) {
    if (list.length < 2) continue;
    const reason = impossible(list);
    if (reason)
      out.push({
        code: 'contradiction',
        message: `No row can match: ${column} ${reason}, so the result is always empty.`,
      });
  }
  return out;
}

/** Why the filters on one column cannot all hold, or null. Values of different types are not compared. */
function impossible(list: LiteralFilter[]): string | null {
  let allowed: Array<string | number> | null = null;
  for (const f of list) {
    if (f.operator !== '=' && f.operator !== 'IN') continue;
    const values = f.values;
    if (allowed === null) allowed = values;
    else {
      const next: Array<string | number> = allowed.filter((v) => values.includes(v));
      if (next.length === 0) return `must equal ${quoted(allowed[0])} and ${quoted(values[0])} at once`;
      allowed = next;
    }
  }
  let low: { v: string | number; strict: boolean } | null = null;
  let high: { v: string | number; strict: boolean } | null = null;
  for (const f of list) {
    const [a, b] = f.values;
    if (f.operator === '>' || f.operator === '>=') low = tighter(low, { v: a, strict: f.operator === '>' }, 1);
    if (f.operator === '<' || f.operator === '<=') high = tighter(high, { v: a, strict: f.operator === '<' }, -1);
    if (f.operator === 'BETWEEN') {
      low = tighter(low, { v: a, strict: false }, 1);
      high = tighter(high, { v: b, strict: false }, -1);
    }
  }
  if (low && high && comparable(low.v, high.v) && (low.v > high.v || (low.v === high.v && (low.strict || high.strict))))
    return `must be above ${quoted(low.v)} and below ${quoted(high.v)}`;
  const outside = allowed?.filter(
    (v) => (low && comparable(v, low.v) && v < low.v) || (high && comparable(v, high.v) && v > high.v),
  );
  if (allowed && outside && outside.length === allowed.length && allowed.length > 0)
    return `must equal ${quoted(allowed[0])} and lie in a range that excludes it`;
  return null;
}

const comparable = (a: string | number, b: string | number) => typeof a === typeof b;

function tighter<T extends { v: string | number; strict: boolean }>(current: T | null, next: T, sign: 1 | -1): T {
  if (!current || !comparable(current.v, next.v)) return current ?? next;
  if (current.v === next.v) return current.strict ? current : next;
  return (sign === 1 ? next.v > current.v : next.v < current.v) ? next : current;
}

/**
 * Type mismatches: text (not numeric) compared with a key or declared-numeric column; the "top N" count compared
 * with a column by `=` (`topN`: the N of the question's "top N", or null).
 */
export function typeMismatches(filters: readonly LiteralFilter[], topN: number | null): AnswerWarning[] {
  const out: AnswerWarning[] = [];
  for (const f of filters) {
    const key = isKeyColumn(f.table, f.column.name);
    const text = f.values.find((v) => typeof v === 'string' && !NUMERIC_TEXT.test(v));
    if (text !== undefined && f.operator !== 'LIKE' && (key || declaredKind(f.column.type ?? '') === 'number')) {
      out.push({
        code: 'type_mismatch',
        message: `${label(f)} holds ${key ? 'identifiers' : 'numbers'} but is compared with the text ${quoted(text)}.`,
      });
    } else if (topN !== null && f.operator === '=' && f.values.length === 1 && Number(f.values[0]) === topN) {
      out.push({
        code: 'type_mismatch',
        message: `The ${topN} of the question is a number of rows, but the SQL compares ${label(f)} with ${topN}.`,
      });
    }
  }
  return out;
}

/**
 * Values looked up in the wrong column: an `=` / `IN` text value absent from the filtered column's sampled values
 * (letter case aside) and present in the sampled or known values of another column of `tables`.
 */
export function unknownValues(filters: readonly LiteralFilter[], tables: readonly TableSchema[]): AnswerWarning[] {
  const out: AnswerWarning[] = [];
  for (const f of filters) {
    const known = f.column.sampleValues;
    if (!known?.length || (f.operator !== '=' && f.operator !== 'IN')) continue;
    const stored = new Set(known.map((k) => k.toLowerCase()));
    for (const value of f.values) {
      if (typeof value !== 'string' || stored.has(value.toLowerCase())) continue;
      const holder = columnHolding(value, tables, f);
      if (!holder || sameDomain(f.column, holder.column)) continue;
      out.push({
        code: 'unknown_value',
        message: unknownValueMessage(value, f, `${holder.table.name}.${holder.column.name}`),
      });
    }
  }
  return out;
}

/**
 * The first `=` text value whose column has no sampled values to judge by (a column of many values) while another
 * column of `tables`, of another domain, holds it: what one probe of the database may settle (value-probe.ts).
 */
export function unknownValueCandidate(
  filters: readonly LiteralFilter[],
  tables: readonly TableSchema[],
): { filter: LiteralFilter; value: string; holder: string } | null {
  for (const f of filters) {
    const value = f.values[0];
    if (f.operator !== '=' || typeof value !== 'string' || f.column.sampleValues?.length) continue;
    if (isKeyColumn(f.table, f.column.name) || declaredKind(f.column.type ?? '') === 'number') continue;
    if (f.column.knownValues?.some((k) => k.toLowerCase() === value.toLowerCase())) continue;
    const holder = columnHolding(value, tables, f);
    if (holder && !sameDomain(f.column, holder.column))
      return { filter: f, value, holder: `${holder.table.name}.${holder.column.name}` };
  }
  return null;
}

/** The message of an `unknown_value` finding. */
export function unknownValueMessage(value: string, filter: LiteralFilter, holder: string): string {
  return `${quoted(value)} is not a value of ${label(filter)}, but ${holder} holds it.`;
}

function columnHolding(
  value: string,
  tables: readonly TableSchema[],
  filter: LiteralFilter,
): { table: TableSchema; column: ColumnSchema } | null {
  const lower = value.toLowerCase();
  for (const table of tables) {
    for (const column of table.columns) {
      if (table === filter.table && column.name === filter.column.name) continue;
      const values = [...(column.sampleValues ?? []), ...(column.knownValues ?? [])];
      if (values.some((v) => v.toLowerCase() === lower)) return { table, column };
    }
  }
  return null;
}
