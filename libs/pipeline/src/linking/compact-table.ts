/**
 * Views of one table for the prompt: compact (key columns and the columns the question touches, the rest counted
 * as "+ N more columns") or full (every column), each showing sample values only of the columns whose values the
 * question names, so that the budget buys tables rather than columns.
 */
import type { PromptTableSchema } from '@nlq/llm-providers';
import { renderTableSchema } from '@nlq/llm-providers';
import { TABLE_SEPARATOR_CHARS, type IndexedTable } from './linking-index';

/** How much of a table the prompt shows. */
export type TableLevel = 'compact' | 'full';

/** One rendered view of a table: the table to put in the linked schema and its size in the prompt. */
export interface TableView {
  level: TableLevel;
  table: PromptTableSchema;
  /** Characters in the prompt, separator included. */
  chars: number;
}

/** Columns of `entry` whose name/comment or whose sample values hold one of `terms`. */
export function touchedColumns(
  entry: IndexedTable,
  terms: ReadonlyMap<string, number>,
): { byName: Set<number>; byValue: Set<number> } {
  const byName = new Set<number>();
  const byValue = new Set<number>();
  for (const term of terms.keys()) {
    for (const c of entry.columnTerms.get(term) ?? []) byName.add(c);
    for (const c of entry.valueTerms.get(term) ?? []) byValue.add(c);
  }
  return { byName, byValue };
}

/**
 * The view of `entry` at `level` for a question with `terms`. Compact shows the key columns, the label column and
 * the touched columns; full shows every column. Both show sample values of the value-touched columns only. When a
 * compact view would show every column, it is the full view.
 */
export function tableView(entry: IndexedTable, terms: ReadonlyMap<string, number>, level: TableLevel): TableView {
  const { byName, byValue } = touchedColumns(entry, terms);
  const columns = entry.table.columns;
  const valueColumns = columns.filter((c, i) => byValue.has(i) && c.sampleValues?.length).map((c) => c.name);
  let shown: string[] | undefined;
  if (level === 'compact') {
    const keep = new Set<number>([...entry.keyColumns, ...byName, ...byValue]);
    if (entry.labelColumn >= 0) keep.add(entry.labelColumn);
    if (keep.size < columns.length) shown = columns.filter((_c, i) => keep.has(i)).map((c) => c.name);
  }
  const table: PromptTableSchema = {
    ...entry.table,
    promptValueColumns: valueColumns,
    ...(shown ? { promptColumns: shown } : {}),
  };
  return { level: shown ? 'compact' : 'full', table, chars: renderTableSchema(table).length + TABLE_SEPARATOR_CHARS };
}
