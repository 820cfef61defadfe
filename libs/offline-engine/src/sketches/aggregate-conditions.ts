/**
 * Conditions on an aggregate of related rows: the HAVING sketch.
 * - "customers who spent more than 1000 (in total)", "customers with sales over 500": the sales of each subject row
 *   (the money measure nearest to it, as "total spend" ranks by);
 * - "customers whose orders total more than 1000": the one money column of the rows named before "total";
 * - "products with an average rating below 3", "items with a total qty of at least 10": an aggregate word, a
 *   numeric column of a related table, a comparison and a number;
 * - "clients with total invoices over 500": an aggregate of rows that are amounts of money (money-words.ts).
 * The subject is the nearest table named before whose rows own the measured rows along many-to-one keys; the
 * condition is a `related` filter with an `aggregate` (a correlated subquery, sql-builder.ts). Items read are
 * marked used; anything else is left for the other readers.
 */
import type { JoinPlanner } from '../linking/join-planner';
import { aggregateWords, aliasOf, ORDERING_OPS } from './intent-words';
import { resolveSales } from './measure-resolver';
import { amountOfMoneyTable, moneyColumns } from '../words/money-words';
import type { CompareOp, RelatedAggregate } from './query-intent';
import type { Item, MentionItem } from '../linking/question-items';
import { keyReferenced, type RelationCondition } from './relation-conditions';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizeWord } from '../words/word-forms';

type Fn = RelatedAggregate['fn'];
const AGGREGATE_KW = new Map<string, Fn>([
  ['sum', 'sum'],
  ['avg', 'avg'],
  ['min', 'min'],
  ['max', 'max'],
]);

/** A measure read before a comparison: what is aggregated, and the index of its first item. */
interface Measured {
  start: number;
  fn: Fn;
  /** Candidate expressions by their table; the subject picks the one it owns. */
  exprFor: (subject: string) => RelatedAggregate['expr'] | null;
  words: string;
}

/** Reads every aggregate condition of `items` (see the file comment); returns them with their subject tables. */
export function readAggregateConditions(
  items: Item[],
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
): RelationCondition[] {
  const out: RelationCondition[] = [];
  for (let c = 1; c < items.length - 1; c++) {
    const cmp = items[c];
    const num = items[c + 1];
    if (cmp.t !== 'kw' || cmp.used || !ORDERING_OPS.has(cmp.kw) || num.t !== 'num' || num.used) continue;
    const after = items[c + 2];
    if (after?.t === 'mention' && after.targets.some((t) => t.kind === 'table')) continue; // a count of related rows
    const measured = measureBefore(items, c, lexicon, planner);
    if (!measured) continue;
    for (let j = measured.start - 1; j >= 0; j--) {
      const it = items[j];
      if (it.t !== 'mention' || it.used) continue;
      const subject = it.targets.find((t) => t.kind === 'table')?.table;
      if (!subject) continue;
      const expr = measured.exprFor(subject);
      const table = expr ? (expr.kind === 'column' ? expr.ref.table : expr.left.table) : null;
      const key = table && table !== subject ? keyReferenced(table, subject, planner) : null;
      if (!expr || !table || !key) continue;
      for (let m = measured.start; m <= c + 1; m++) items[m].used = true;
      const op = ORDERING_OPS.get(cmp.kw) as CompareOp;
      const label = `with ${measured.words} ${cmp.text} ${num.text}`;
      const aggregate: RelatedAggregate = {
        fn: measured.fn,
        expr,
        alias: aggregateAlias(measured.fn, expr),
        label: measured.words,
      };
      out.push({
        subject,
        filter: {
          kind: 'related',
          ref: { table: subject, column: key },
          table,
          op,
          count: num.value,
          label,
          aggregate,
        },
      });
      break;
    }
  }
  return out;
}

/** The aggregated measure that ends right before the comparison at `c`, or null. */
function measureBefore(items: Item[], c: number, lex: SchemaLexicon, planner: JoinPlanner): Measured | null {
  const m = items[c - 1];
  const before = items[c - 2];
  const aggBefore = before?.t === 'kw' && !before.used ? AGGREGATE_KW.get(before.kw) : undefined;
  if (m.used) return null;
  // "spent more than 1000", "average sales over 50"
  if (m.t === 'kw' && m.kw === 'money') {
    const fn = aggBefore ?? 'sum';
    return {
      start: aggBefore ? c - 2 : c - 1,
      fn,
      words: aggBefore ? `${aggregateWords(fn)} sales` : 'total sales',
      exprFor: (subject) => {
        try {
          const sales = resolveSales(lex, planner, 'money', [subject], null, fn);
          return sales.expr.kind === 'column' || sales.expr.kind === 'product' ? sales.expr : null;
        } catch {
          return null;
        }
      },
    };
  }
  // "whose orders total more than 1000"
  if (m.t === 'kw' && m.kw === 'sum' && before?.t === 'mention' && !before.used && before.plural) {
    const table = before.targets.find((t) => t.kind === 'table')?.table;
    const money = table ? moneyColumns(lex, table) : [];
    if (!table || money.length !== 1) return null;
    return {
      start: c - 2,
      fn: 'sum',
      words: `total ${humanize(money[0])}`,
      exprFor: () => ({ kind: 'column', ref: { table, column: money[0] } }),
    };
  }
  // "whose orders total more than 1000" read as one phrase (the table's words and its total column)
  const words = m.t === 'mention' ? m.text.toLowerCase().split(/\s+/) : [];
  if (
    m.t === 'mention' &&
    !aggBefore &&
    words.length === 2 &&
    words[1] === 'total' &&
    normalizeWord(words[0]) !== words[0]
  ) {
    const cols = numericColumns(m, lex);
    if (cols.length !== 1) return null;
    return {
      start: c - 1,
      fn: 'sum',
      words: `total ${humanize(cols[0].column)}`,
      exprFor: () => ({ kind: 'column', ref: cols[0] }),
    };
  }
  if (m.t !== 'mention' || !aggBefore) return null;
  // "with total payments over 500": rows that are money, by their one money column
  const rows = m.targets.find((t) => t.kind === 'table')?.table;
  const amount = rows ? amountOfMoneyTable(lex, rows) : null;
  if (rows && amount)
    return {
      start: c - 2,
      fn: aggBefore,
      words: `${aggregateWords(aggBefore)} ${humanize(amount)}`,
      exprFor: () => ({ kind: 'column', ref: { table: rows, column: amount } }),
    };
  // "with an average rating below 3"
  const numeric = numericColumns(m, lex);
  if (!numeric.length) return null;
  return {
    start: c - 2,
    fn: aggBefore,
    words: `${aggregateWords(aggBefore)} ${m.text}`,
    exprFor: (subject) => {
      // the nearest related table's column ("price" of a category: its products', not their order lines')
      const owned = numeric.filter((t) => t.table !== subject && keyReferenced(t.table, subject, planner));
      const nearest = Math.min(...owned.map((t) => planner.distance(subject, t.table)));
      const best = owned.filter((t) => planner.distance(subject, t.table) === nearest);
      return best.length === 1 ? { kind: 'column', ref: best[0] } : null;
    },
  };
}

function numericColumns(m: MentionItem, lex: SchemaLexicon): Array<{ table: string; column: string }> {
  return m.targets
    .filter((t) => t.kind === 'column' && lex.columnKind(t.table, t.column) === 'number')
    .map((t) => ({ table: t.table, column: (t as { column: string }).column }));
}

/** Output name of an aggregate condition's value: `total_sales`, `avg_rating`, `sum_total_amount`. */
function aggregateAlias(fn: Fn, expr: RelatedAggregate['expr']): string {
  const column = expr.kind === 'column' ? aliasOf(expr.ref.column) : 'sales';
  return `${fn === 'sum' ? (column.startsWith('total') ? 'sum' : 'total') : fn}_${column}`;
}
