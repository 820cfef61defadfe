import type { Dialect, RoleDataPolicy } from '@nlq/contracts';
import { parseSql, quoteIdentifier, sqlifyStatement, type AstNode } from '@nlq/db-drivers';
import { bindUserParameters } from './user-parameters';
import { parseRowFilter } from './row-filter';
import { statementReferences, type ColumnReference, type StatementReferences } from './statement-references';

/** What a masked column's values are replaced with. */
export const MASK = '****';

/** A statement a role may run, with the user's attributes as positional parameters, or why it may not. */
export type EnforcedStatement = { ok: true; sql: string; params: string[] } | { ok: false; problem: string };

/**
 * Applies one role's data policy to one statement, whoever wrote it (docs/http-api.md "Roles and data policies"):
 * anything but a read is refused (a held write would run as written, outside the policy); a table outside `tables`, a denied column anywhere (or a `*` that would include one), a masked column anywhere but
 * as a plain item of the outer select lists, or a parameter in the statement is refused with the table or column
 * named (never a value). Otherwise masked output columns become the constant {@link MASK} under their name, and
 * every reference of a table with a row filter becomes `(SELECT * FROM t WHERE <filter>) AS t`, its `:user.<name>`
 * bound as positional parameters of the dialect (`$n` on PostgreSQL, `?` elsewhere), never spliced. Pure.
 */
export function enforceDataPolicy(
  sql: string,
  dialect: Dialect,
  policy: RoleDataPolicy,
  attributes: Readonly<Record<string, string>>,
): EnforcedStatement {
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok || parsed.statements.length !== 1) {
    return { ok: false, problem: 'the statement could not be checked against your data policy' };
  }
  const statement = parsed.statements[0];
  if ((statement as { type?: unknown }).type !== 'select') {
    return { ok: false, problem: 'your data policy allows reads only' };
  }
  const refs = statementReferences(statement);
  const problem = refusal(refs, policy, statement);
  if (problem) return { ok: false, problem };
  maskOutputs(statement, refs, policy);
  const filtered = applyRowFilters(refs, policy, dialect);
  if (filtered) return { ok: false, problem: filtered };
  return bindUserParameters(sqlifyStatement(statement, parsed.grammar), dialect, attributes);
}

/** Why the statement reaches outside the policy, or null. */
function refusal(refs: StatementReferences, policy: RoleDataPolicy, statement: AstNode): string | null {
  if (refs.parameters > 0) return 'a statement may not contain parameters';
  const allowed = policy.tables ? new Set(policy.tables.map((t) => t.toLowerCase())) : null;
  const outside = refs.tables.find((t) => allowed !== null && !allowed.has(t.table));
  if (outside) return `the table "${outside.node.table}" is not permitted for your role`;
  const denied = columnSet(policy.deny_columns);
  const masked = columnSet(policy.mask_columns);
  const listed = new Set(outerItems(statement).map((item) => item.expr));
  for (const column of refs.columns) {
    const tables = candidateTables(column, refs);
    if (column.name === '*') {
      const hidden = tables.flatMap((t) => [...(denied.get(t) ?? []), ...(masked.get(t) ?? [])]);
      if (hidden.length > 0) return `"*" would include the column "${hidden[0]}"; name the columns instead`;
      continue;
    }
    const deniedHit = tables.find((t) => denied.get(t)?.has(`${t}.${column.name}`));
    if (deniedHit) return `the column "${deniedHit}.${column.name}" is not permitted for your role`;
    const maskedHit = tables.find((t) => masked.get(t)?.has(`${t}.${column.name}`));
    if (maskedHit && !listed.has(column.node)) {
      return `the masked column "${maskedHit}.${column.name}" may only be listed in the result, not computed on, filtered, grouped, ordered or joined on`;
    }
  }
  return null;
}

/** The tables a column reference may belong to: its qualifier's table, else every table the statement reads. */
function candidateTables(column: ColumnReference, refs: StatementReferences): string[] {
  const all = [...new Set(refs.tables.map((t) => t.table))];
  if (column.qualifier === null) return all;
  const table = refs.aliases.get(column.qualifier);
  return table !== undefined && !refs.cteNames.has(column.qualifier) ? [table] : all;
}

/** `table.column` names per table, lower case. */
function columnSet(names: readonly string[] | undefined): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const name of names ?? []) {
    const lower = name.toLowerCase();
    const table = lower.slice(0, lower.lastIndexOf('.'));
    out.set(table, (out.get(table) ?? new Set()).add(lower));
  }
  return out;
}

/** The select-list items of the outer statement and of each of its UNION/INTERSECT/EXCEPT branches. */
function outerItems(statement: AstNode): Array<{ expr: AstNode; as?: string | null }> {
  const items: Array<{ expr: AstNode; as?: string | null }> = [];
  for (let branch: AstNode | undefined = statement; branch; branch = (branch as { _next?: AstNode })._next) {
    const columns = (branch as { columns?: unknown }).columns;
    if (Array.isArray(columns)) items.push(...(columns as Array<{ expr: AstNode; as?: string | null }>));
  }
  return items;
}

/** Replaces each listed masked column by the constant {@link MASK}, keeping its name as the column's alias. */
function maskOutputs(statement: AstNode, refs: StatementReferences, policy: RoleDataPolicy): void {
  const masked = columnSet(policy.mask_columns);
  if (masked.size === 0) return;
  const byNode = new Map(refs.columns.map((c) => [c.node, c]));
  for (const item of outerItems(statement)) {
    const column = byNode.get(item.expr);
    if (!column) continue;
    const hit = candidateTables(column, refs).some((t) => masked.get(t)?.has(`${t}.${column.name}`));
    if (!hit) continue;
    const name =
      ((item.expr as { column?: unknown }).column as { expr?: { value?: string } } | string | undefined) ?? '';
    item.as = item.as ?? (typeof name === 'string' ? name : (name.expr?.value ?? column.name));
    item.expr = { type: 'single_quote_string', value: MASK } as unknown as AstNode;
  }
}

/** Replaces every reference of a filtered table by its filtered derived table; a problem when a filter fails. */
function applyRowFilters(refs: StatementReferences, policy: RoleDataPolicy, dialect: Dialect): string | null {
  const filters = new Map(Object.entries(policy.row_filters ?? {}).map(([t, f]) => [t.toLowerCase(), f] as const));
  for (const reference of refs.tables) {
    const filter = filters.get(reference.table);
    if (filter === undefined) continue;
    const condition = parseRowFilter(filter, dialect);
    const source = `SELECT * FROM ${quoteIdentifier(reference.node.table, dialect)} WHERE ${condition.ok ? condition.sql : 'FALSE'}`;
    const derived = condition.ok ? parseSql(source, dialect) : null;
    if (!derived?.ok) return `the row filter of "${reference.node.table}" could not be applied`;
    const node = reference.node as Record<string, unknown>;
    const alias = reference.node.as ?? reference.node.table;
    delete node.table;
    delete node.db;
    node.expr = { ast: derived.statements[0], parentheses: true };
    node.as = alias;
  }
  return null;
}
