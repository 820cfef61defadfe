/**
 * Values of a column by how many rows hold them: "type codes with fewer than 3
 * templates", "grades with 4 or more students", "countries with more than 50 customers" -> the column's values
 * among the counted table's rows, GROUP BY the column HAVING COUNT(*) op N.
 */
import type { ColumnRef, CompareOp, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type Item } from '../linking/question-items';
import { countOpWords, ORDERING_OPS } from './intent-words';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { pluralize } from '../words/word-forms';

/** A count condition on the rows holding each value of a column of `table`. */
export interface CountPerValue {
  table: string;
  /** The columns of `table` the words before the condition name. */
  columns: string[];
  op: CompareOp;
  count: number;
  label: string;
}

/**
 * Reads "<column words> with <op> N <table>" where the column words name a column of that table and no table, and
 * marks the comparison and the number used (the column and table words stay for the list they name). Conditions
 * that fit another reading are left alone.
 */
export function readCountPerValue(items: Item[], lexicon: SchemaLexicon): CountPerValue[] {
  const out: CountPerValue[] = [];
  for (let k = 1; k + 2 < items.length; k++) {
    const cmp = items[k];
    const num = items[k + 1];
    const rows = items[k + 2];
    if (
      cmp.used ||
      cmp.t !== 'kw' ||
      !ORDERING_OPS.has(cmp.kw) ||
      num.t !== 'num' ||
      num.used ||
      !Number.isInteger(num.value) ||
      num.value < 0
    )
      continue;
    if (rows.t !== 'mention' || rows.used) continue;
    const table = rows.targets.find((t) => t.kind === 'table')?.table;
    if (!table) continue;
    const named = items.slice(0, k).filter((it) => it.t === 'mention' && !it.used);
    const owner = named[named.length - 1];
    if (owner?.t !== 'mention' || owner.targets.some((t) => t.kind === 'table' || t.kind === 'value')) continue;
    // a column of the counted rows, never their own key (each value held by one row)
    const columns = owner.targets
      .filter((t) => t.kind === 'column' && t.table === table && !lexicon.table(table).primaryKey.includes(t.column))
      .map((t) => (t as { column: string }).column);
    if (!columns.length) continue;
    cmp.used = num.used = true;
    const op = ORDERING_OPS.get(cmp.kw) as CompareOp;
    out.push({
      table,
      columns,
      op,
      count: num.value,
      label: `with ${countOpWords(op)} ${num.value} ${pluralize(tableNoun(lexicon.table(table)))}`,
    });
  }
  return out;
}

/**
 * The list of a column's values with the count conditions applied: `group` by the column and `having` the count;
 * the intent must list exactly that column of the counted table, else UnmappedQuestionError.
 */
export function withCountPerValue(intent: ReadIntent, conditions: readonly CountPerValue[]): ReadIntent {
  if (!conditions.length) return intent;
  if (conditions.length > 1)
    throw new UnmappedQuestionError('it asks for two counts of rows per value, and writes one');
  const c = conditions[0];
  const shown: ColumnRef | undefined = intent.columns[0];
  if (
    intent.kind !== 'list' ||
    intent.lookup ||
    intent.group ||
    intent.subject !== c.table ||
    intent.columns.length !== 1 ||
    shown.table !== c.table ||
    !c.columns.includes(shown.column)
  ) {
    throw new UnmappedQuestionError(`it could not tell which values "${c.label}" applies to`);
  }
  return {
    ...intent,
    group: { kind: 'column', ref: { table: shown.table, column: shown.column } },
    having: { op: c.op, count: c.count, label: c.label },
  };
}
