import type { ReadIntent } from '../sketches/query-intent';
import type { MentionItem } from './question-items';
import { pickColumnsOf, type ReadState } from '../sketches/read-state';

/**
 * "What is the CEO's salary?", "the email of the Sales Manager": columns of the rows a stored value names when no
 * table is named and the value is not in a name column (which `buildLookup` reads). Every named column and every
 * value of the question must fit one table, the value in a column of that very table (never a key): the rows with
 * the value, showing the named columns. Null when they do not (the caller refuses).
 */
export function buildValueLookup(b: ReadState, mentions: MentionItem[]): ReadIntent | null {
  const cols = mentions.filter((m) => !m.used);
  if (!cols.length || !b.values.length || b.groupSpec || b.labelValues.length || b.pkValues.length) return null;
  if (cols.some((m) => m.joined || !m.targets.every((t) => t.kind === 'column'))) return null;
  const tables = [...b.lex.tables.keys()].filter(
    (table) =>
      cols.every((m) => m.targets.some((t) => t.kind === 'column' && t.table === table)) &&
      b.values.every(
        (v) =>
          v.op === '=' &&
          v.targets.some((t) => t.kind === 'value' && t.table === table && b.lex.columnKind(table, t.column) !== 'id'),
      ),
  );
  if (tables.length !== 1) return null;
  const [table] = tables;
  // the value's column is that table's own: other readings of it are dropped
  for (const v of b.values) v.targets = v.targets.filter((t) => t.kind === 'value' && t.table === table);
  const columns = pickColumnsOf(b, cols, table);
  const filters = b.resolveFilters(table);
  return { kind: 'list', subject: table, filters, group: null, measure: null, limit: null, direction: 'asc', columns };
}
