/**
 * Whether two columns hold values of one domain, judged by their sampled and known values (docs/architecture.md
 * "Answer check"): `river.traverse` and `state.state_name` both hold state names, `countries.name` and
 * `customers.city` do not. Used so that a value missing from a column of the right domain (a state without rivers)
 * is not taken for a value looked up in the wrong column, and so that a column holding a table's names stands for
 * the table ("which states does the river cross": `river.traverse`).
 */
import type { ColumnSchema, TableSchema } from '@nlq/contracts';

/** Share of `a`'s values also held by `b` above which both are of one domain. */
const SAME_DOMAIN_SHARE = 0.3;

function valuesOf(column: ColumnSchema): Set<string> {
  return new Set([...(column.sampleValues ?? []), ...(column.knownValues ?? [])].map((v) => v.toLowerCase()));
}

/** True when at least 30% of `a`'s sampled or known values are values of `b` too (false when either has none). */
export function sameDomain(a: ColumnSchema, b: ColumnSchema): boolean {
  const left = valuesOf(a);
  const right = valuesOf(b);
  if (left.size === 0 || right.size === 0) return false;
  let shared = 0;
  for (const v of left) if (right.has(v)) shared++;
  return shared / left.size >= SAME_DOMAIN_SHARE;
}

/** True when `column` holds values of one domain with some column of `table` (its names, say). */
export function holdsValuesOf(column: ColumnSchema, table: TableSchema): boolean {
  return table.columns.some((c) => c !== column && sameDomain(column, c));
}
