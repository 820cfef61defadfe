import type { KnowledgeDefinition, SchemaTableView } from '@nlq/contracts';

/** Where a description shown on the Knowledge page comes from (docs/knowledge.md "Descriptions"). */
export type DescriptionOrigin = 'typed' | 'dbt' | 'database comment';

/** One description of a table (`column` null) or a column, with its origin; `id` is its definition's, if any. */
export interface DescriptionRow {
  target: string;
  table: string;
  column: string | null;
  text: string;
  origin: DescriptionOrigin;
  id: string | null;
}

/** `table` and `column` of a description's target (`orders`, `orders.status`, `"Order Details".UnitPrice`). */
export function splitTarget(target: string): { table: string; column: string | null } {
  const parts = target.match(/"(?:[^"]|"")*"|`[^`]*`|[^.]+/g) ?? [target];
  const unquote = (s: string) => (/^["`]/.test(s) ? s.slice(1, -1).replace(/""/g, '"') : s).trim();
  return parts.length > 1
    ? { table: unquote(parts[parts.length - 2]), column: unquote(parts[parts.length - 1]) }
    : { table: unquote(parts[0]), column: null };
}

/**
 * Every description of the connection: its description definitions (typed in nlq, or from dbt by their origin) and
 * the database comments of its schema. The schema view's `description` is a definition's text laid over the comment
 * (`text; comment`, or the text alone when they are the same), so the comment is what remains of it.
 */
export function descriptionRows(
  definitions: readonly KnowledgeDefinition[],
  tables: readonly SchemaTableView[],
): DescriptionRow[] {
  const rows: DescriptionRow[] = [];
  const byTarget = new Map<string, KnowledgeDefinition & { kind: 'description' }>();
  for (const d of definitions) {
    if (d.kind !== 'description') continue;
    const { table, column } = splitTarget(d.target);
    byTarget.set(`${table}.${column ?? ''}`.toLowerCase(), d);
    rows.push({
      ...splitTarget(d.target),
      target: d.target,
      text: d.text,
      origin: d.origin ? 'dbt' : 'typed',
      id: d.id,
    });
  }
  const comment = (table: string, column: string | null, shown: string | null) => {
    const typed = byTarget.get(`${table}.${column ?? ''}`.toLowerCase());
    const rest = typed ? (shown?.startsWith(`${typed.text}; `) ? shown.slice(typed.text.length + 2) : null) : shown;
    if (rest)
      rows.push({
        table,
        column,
        target: column ? `${table}.${column}` : table,
        text: rest,
        origin: 'database comment',
        id: null,
      });
  };
  for (const t of tables) {
    comment(t.name, null, t.description);
    for (const c of t.columns) comment(t.name, c.name, c.description);
  }
  return rows.sort((a, b) => a.target.localeCompare(b.target) || a.origin.localeCompare(b.origin));
}
