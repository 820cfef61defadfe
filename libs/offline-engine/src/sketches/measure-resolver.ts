/**
 * Measures of the offline engine's questions: what a question adds up, averages or ranks by ("total sales", "the
 * most expensive", "how many distinct cities"), resolved against the schema from the spec ReadIntentBuilder read.
 */
import { aggregateWords, aliasOf, isMoneyColumn, pluralWords, singularNoun } from './intent-words';
import type { Measure } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import { humanize, normalizedWords } from '../words/word-forms';
import { wordNet } from '../words/wordnet-lexicon';
import type { MeasureSpec, ReadState } from './read-state';
import type { JoinPlanner } from '../linking/join-planner';
import type { SchemaLexicon } from '../linking/schema-lexicon';

/** Resolve a measure spec anchored at `anchors` (the tables it must relate to). */
export function resolveMeasure(b: ReadState, spec: MeasureSpec, anchors: string[], fn: Measure['fn']): Measure {
  const lex = b.lex;
  if (spec.kind === 'column') {
    const ref = b.pickColumn(spec.targets, anchors, `"${humanize((spec.targets[0] as { column: string }).column)}"`);
    const money = isMoneyColumn(ref.column);
    // a sum of a column named total (`total_amount`) is said once: "total amount", not "total total amount"
    const totalSaid =
      fn === 'sum' && normalizedWords(ref.column)[0] === 'total' && normalizedWords(ref.column).length > 1;
    const fnWord = fn === 'none' || totalSaid ? '' : aggregateWords(fn);
    const alias =
      fn === 'none'
        ? aliasOf(ref.column)
        : `${fn === 'sum' ? (totalSaid ? 'sum' : 'total') : fn}_${aliasOf(ref.column)}`;
    return { fn, expr: { kind: 'column', ref }, alias, label: `${fnWord} ${humanize(ref.column)}`.trim(), money };
  }
  if (spec.kind === 'rows') {
    const noun = humanize(lex.table(spec.table).name);
    return {
      fn: 'count',
      expr: { kind: 'rows', table: spec.table },
      alias: `${aliasOf(singularNoun(noun))}_count`,
      label: `number of ${pluralWords(noun)}`,
      money: false,
    };
  }
  // "the most expensive": an aggregate asked with it is never dropped for the plain column
  if (spec.kind === 'attribute') return attributeMeasure(lex, spec.adjective, anchors[0], fn);
  if (spec.kind === 'distinct') throw new UnmappedQuestionError('it could not tell what to count distinct values of');
  return resolveSales(lex, b.planner, spec.kind, anchors, b.measureTableHint, fn);
}

/**
 * The sales measure of `kind` nearest to `anchors`: units (a line table's quantity) or money (a line total, quantity
 * x unit price, or a table's one total/amount column), `hint` the table a question named for it ("order revenue").
 * Throws UnmappedQuestionError when none is linked to the anchors.
 */
export function resolveSales(
  lex: SchemaLexicon,
  planner: JoinPlanner,
  kind: 'money' | 'units',
  anchors: string[],
  hint: string | null,
  fn: Measure['fn'],
): Measure {
  const spec = { kind };
  const dist = (table: string) => (anchors.length ? anchors.reduce((s, a) => s + planner.distance(a, table), 0) : 0);
  const candidates: Array<{ expr: Measure['expr']; table: string; line: boolean }> = [];
  for (const key of lex.tables.keys()) {
    const nums = lex.columnsOfKind(key, 'number');
    const isLine = lex.table(key).foreignKeys.length > 0;
    const qty = isLine
      ? nums.filter((c) =>
          /^(quantity|qty|unit|quantity ordered|ordered quantity|number of unit|unit sold|quantity sold)$/.test(
            normalizedWords(c).join(' '),
          ),
        )
      : [];
    const unitPrice = nums.filter((c) =>
      /^(unit price|price|sale price|selling price|price each|item price)$/.test(normalizedWords(c).join(' ')),
    );
    const lineTotal = nums.filter((c) =>
      /^(line total|line amount|total price|total|amount|subtotal|sub total|extended price|line price)$/.test(
        normalizedWords(c).join(' '),
      ),
    );
    if (spec.kind === 'units') {
      if (qty.length === 1)
        candidates.push({ expr: { kind: 'column', ref: { table: key, column: qty[0] } }, table: key, line: true });
      continue;
    }
    if (qty.length === 1 && lineTotal.length === 1) {
      candidates.push({ expr: { kind: 'column', ref: { table: key, column: lineTotal[0] } }, table: key, line: true });
      continue;
    }
    if (qty.length === 1 && unitPrice.length === 1) {
      candidates.push({
        expr: { kind: 'product', left: { table: key, column: qty[0] }, right: { table: key, column: unitPrice[0] } },
        table: key,
        line: true,
      });
      continue;
    }
    const amounts = nums.filter(
      (c) =>
        /^(total|amount|total amount|grand total|total price|revenue|sale|sales amount|sale amount|total due|amount paid|payment amount|order total|invoice total)$/.test(
          normalizedWords(c).join(' '),
        ) || normalizedWords(c).join(' ') === `${lex.tableWords(key).join(' ')} total`,
    );
    if (amounts.length === 1)
      candidates.push({ expr: { kind: 'column', ref: { table: key, column: amounts[0] } }, table: key, line: false });
  }
  if (spec.kind === 'money' && hint) {
    const hinted = candidates.filter((c) => c.table === hint);
    if (hinted.length) candidates.splice(0, candidates.length, ...hinted);
  }
  const reachable = candidates
    .filter((c) => dist(c.table) < Infinity)
    .sort((a, b) => dist(a.table) - dist(b.table) || Number(b.line) - Number(a.line));
  if (!reachable.length)
    throw new UnmappedQuestionError(
      spec.kind === 'money'
        ? 'it found no sales amount (a quantity and unit price, or a total/amount column) linked to the question'
        : 'it found no quantity column linked to the question',
    );
  const best = reachable[0];
  if (spec.kind === 'units') {
    return { fn: 'sum', expr: best.expr, alias: 'units_sold', label: 'units sold', money: false };
  }
  return {
    fn: fn === 'none' ? 'sum' : fn,
    expr: best.expr,
    alias: fn === 'avg' ? 'avg_sales' : 'total_sales',
    label: fn === 'avg' ? 'average sales' : 'total sales',
    money: true,
  };
}

/**
 * The column an adjective ranks `anchor`'s rows by ("the most expensive products"): a numeric column named by the
 * adjective's attribute words (WordNet: expensive -> expensiveness, a kind of "monetary value, price, cost"; see
 * WordNetLexicon.adjectiveAttributeWords), the first of those words that names any column deciding; the value is
 * money (the attribute is a price).
 * @throws UnmappedQuestionError with an aggregate, without a table, or unless exactly one column matches
 */
function attributeMeasure(
  lex: SchemaLexicon,
  adjective: string,
  anchor: string | undefined,
  fn: Measure['fn'],
): Measure {
  if (fn !== 'none')
    throw new UnmappedQuestionError(`it could not tell what is expensive or cheap for the ${aggregateWords(fn)}`);
  // "average expensive": a price, but of no table the question names
  if (anchor === undefined)
    throw new UnmappedQuestionError('it could not tell what is expensive or cheap: it names no table');
  const numeric = lex.columnsOfKind(anchor, 'number');
  const words = wordNet().adjectiveAttributeWords(adjective);
  const named = (word: string) => numeric.filter((c) => ` ${normalizedWords(c).join(' ')} `.includes(` ${word} `));
  const columns = words.map(named).find((found) => found.length > 0) ?? [];
  if (columns.length !== 1)
    throw new UnmappedQuestionError(
      columns.length
        ? `"${adjective}" could mean ${columns.join(' or ')}`
        : `${anchor} has no ${words.find((w) => !w.includes(' ')) ?? adjective} column`,
    );
  return {
    fn: 'none',
    expr: { kind: 'column', ref: { table: anchor, column: columns[0] } },
    alias: aliasOf(columns[0]),
    label: humanize(columns[0]),
    money: true,
  };
}
