import type { SemanticIndex } from './dbt-semantic-models';

/** `{{ Dimension('customer__region') }}`, `{{ TimeDimension('metric_time', 'day') }}`, `{{ Entity('customer') }}`. */
const REFERENCE =
  /\{\{\s*(Dimension|TimeDimension|Entity)\(\s*(['"])([^'"]+)\2(?:\s*,\s*(['"])[^'"]*\4)?\s*\)((?:\.\w+\([^)]*\))*)\s*\}\}/g;

/**
 * A MetricFlow `filter` (one string or a list of them, all of which must hold) written as one SQL condition on the
 * connection's tables (docs/knowledge.md "dbt semantic layer"; MetricFlow's filter syntax: `{{ Dimension('entity__name') }}`,
 * `{{ TimeDimension('entity__name', 'grain') }}`, `{{ Entity('name') }}`). Each reference becomes the qualified
 * column of that dimension or entity (`metric_time`: the measure's agg time dimension, `timeColumn`); the SQL around
 * the references is kept as written and checked later like any definition. null for no filter; a reason for a
 * reference no semantic model defines, a `.grain()`/`.date_part()` modifier, or any other Jinja.
 */
export function translateFilter(
  filter: unknown,
  index: SemanticIndex,
  timeColumn: string | null,
): { sql: string | null } | { reason: string } {
  const parts = (Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter]).map(String);
  const conditions: string[] = [];
  for (const part of parts) {
    let reason: string | null = null;
    const sql = part.replace(REFERENCE, (whole, kind: string, _q, name: string, _q2, modifiers: string) => {
      if (modifiers) reason ??= `the filter ${whole.trim()} uses a modifier nlq does not translate`;
      const found = reference(kind, name, index, timeColumn);
      if (found === null)
        reason ??= `the filter names ${kind}('${name}'), which no semantic model of the import defines`;
      return found ?? whole;
    });
    if (reason) return { reason };
    if (/\{\{|\{%|\}\}/.test(sql)) return { reason: `the filter ${part.trim()} holds Jinja nlq does not translate` };
    if (sql.trim() !== '') conditions.push(sql.trim());
  }
  if (conditions.length === 0) return { sql: null };
  return { sql: conditions.length === 1 ? conditions[0] : conditions.map((c) => `(${c})`).join(' AND ') };
}

/** The SQL of one reference, or null when the import defines no such dimension or entity. */
function reference(kind: string, name: string, index: SemanticIndex, timeColumn: string | null): string | null {
  const parts = name.toLowerCase().split('__');
  if (kind === 'Entity') return index.entities.get(parts[parts.length - 1])?.sql ?? null;
  if (parts.length === 1 && parts[0] === 'metric_time') return timeColumn;
  if (parts.length < 2) return null;
  return index.dimensions.get(parts.slice(-2).join('__'))?.sql ?? null;
}

/** Conditions joined with AND (each parenthesised when there are several); null for none. */
export function allOf(conditions: ReadonlyArray<string | null>): string | null {
  const present = conditions.filter((c): c is string => c !== null && c !== '');
  const unique = [...new Set(present)];
  if (unique.length === 0) return null;
  return unique.length === 1 ? unique[0] : unique.map((c) => `(${c})`).join(' AND ');
}
