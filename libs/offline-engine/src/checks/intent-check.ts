import { AmbiguousQuestionError, type AmbiguousReading } from './ambiguous-reading';
import { pluralWords } from '../sketches/intent-words';
import type { JoinPlanner } from '../linking/join-planner';
import { isWriteIntent, type QueryIntent, type ReadIntent } from '../sketches/query-intent';
import { UnmappedQuestionError, type Item } from '../linking/question-items';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { tokenizeQuestion } from '../words/question-tokenizer';
import { normalizedWords } from '../words/word-forms';

/**
 * The semantic check of every parsed intent before SQL is written (intent-sanity.ts and
 * checkListedColumns below check the reading against the question's items while it is read; "or", comparisons of
 * numbers and second aggregates are refused where they are read: question-items.ts, filter-reader.ts,
 * intent-parser.ts). Here, on the finished intent:
 * - whole rows of a table whose rows continue one to one in another table (a `location` keyed by `restaurant_id`)
 *   are asked back: the row's own columns, or with the other table's too.
 * - every aggregate word of `question` ("average", "sum", "total", "maximum", "minimum") is kept by the intent,
 *   whatever path read it (checkAggregateWords): a reading that lost one answers another question.
 * Returns the intent unchanged; throws AmbiguousQuestionError (asked back by the engine) or UnmappedQuestionError.
 */
export function checkIntent<I extends QueryIntent>(
  intent: I,
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
  question?: string,
): I {
  if (isWriteIntent(intent)) return intent;
  if (question !== undefined) checkAggregateWords(intent, question);
  checkSplitRows(intent, lexicon, planner);
  return intent;
}

/** Aggregate words and the aggregate each asks for. */
const AGGREGATE_WORDS = new Map<string, 'avg' | 'sum' | 'total' | 'max' | 'min'>([
  ['average', 'avg'],
  ['averages', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['sum', 'sum'],
  ['total', 'total'],
  ['totals', 'total'],
  ['maximum', 'max'],
  ['max', 'max'],
  ['minimum', 'min'],
  ['min', 'min'],
]);

/** The aggregate functions, comparisons and columns anywhere in `intent` (its measures, conditions, share, ratio). */
function intentAggregates(
  intent: ReadIntent,
  out = { fns: new Set<string>(), ops: new Set<string>(), columns: new Set<string>(), ranked: false },
) {
  for (const m of [intent.measure, ...(intent.moreMeasures ?? [])]) {
    if (!m) continue;
    out.fns.add(m.fn);
    if (m.expr.kind === 'column') out.columns.add(m.expr.ref.column);
    if (m.expr.kind === 'product' || m.expr.kind === 'duration')
      [m.expr.left, m.expr.right].forEach((c) => out.columns.add(c.column));
  }
  if (intent.kind === 'top' || intent.orderBy) out.ranked = true;
  if (intent.having) out.fns.add('count');
  for (const f of [...intent.filters, ...(intent.share ?? [])]) {
    out.columns.add(f.ref.column);
    if (f.kind === 'related') out.fns.add(f.aggregate?.fn ?? 'count');
    if (f.kind === 'compare' || f.kind === 'related' || f.kind === 'duration' || f.kind === 'columns')
      out.ops.add(f.op);
  }
  for (const c of intent.columns) out.columns.add(c.column);
  if (intent.group && intent.group.kind !== 'table') out.columns.add(intent.group.ref.column);
  if (intent.kind === 'count' || intent.yesNo) out.fns.add('count');
  if (intent.ratio) [intent.ratio.numerator, intent.ratio.denominator].forEach((r) => intentAggregates(r, out));
  return out;
}

/**
 * Every aggregate word of the question must be kept by the intent: "average" by an average somewhere (a
 * measure, a second value, a HAVING condition, a part of a ratio), "sum" by a sum, "total" by a sum, a count or a
 * column named total, "maximum"/"minimum" by that aggregate, a ranking or a comparison ("a minimum of 3 orders").
 * "the average price of expensive products" read as the plain price is refused rather than answered. Throws
 * UnmappedQuestionError naming the word lost.
 */
export function checkAggregateWords(intent: ReadIntent, question: string): void {
  const found = intentAggregates(intent);
  const totalColumn = [...found.columns].some((c) => normalizedWords(c).includes('total'));
  for (const token of tokenizeQuestion(question)) {
    const want = token.kind === 'word' ? AGGREGATE_WORDS.get(token.lower) : undefined;
    if (!want) continue;
    const kept =
      want === 'total'
        ? found.fns.has('sum') || found.fns.has('count') || totalColumn
        : want === 'max' || want === 'min'
          ? found.fns.has(want) || found.ranked || ['>=', '<=', '>', '<'].some((op) => found.ops.has(op))
          : found.fns.has(want);
    if (!kept)
      throw new UnmappedQuestionError(
        `its reading would drop "${token.raw}": it could not tell what the ${token.lower} is of`,
      );
  }
}

/**
 * A list of whole rows (no column named) of a table whose rows another table continues one to one: which columns a
 * row has is a reading to ask about. Readings restate the question with `table.*` names appended.
 */
function checkSplitRows(intent: ReadIntent, lexicon: SchemaLexicon, planner: JoinPlanner): void {
  if (intent.kind !== 'list' || intent.columns.length || intent.group || intent.lookup) return;
  const subject = intent.subject;
  const continued = [...lexicon.tables.keys()].filter((t) => t !== subject && planner.sameRows(subject, t));
  if (!continued.length) return;
  const star = (t: string) => `${lexicon.table(t).name}.*`;
  const noun = pluralWords(tableNoun(lexicon.table(subject)));
  const readings: AmbiguousReading[] = [
    { label: `${noun} with their own columns only`, phrase: '', replacement: `showing ${star(subject)}` },
    ...continued.map((t) => ({
      label: `${noun} with their ${tableNoun(lexicon.table(t))} columns too`,
      phrase: '',
      replacement: `showing ${star(subject)} and ${star(t)}`,
    })),
  ];
  throw new AmbiguousQuestionError(
    `the rows of ${subject} continue in ${continued.join(', ')}, and it could not tell which columns to show`,
    readings,
    `Which columns of the ${noun} do you want?`,
  );
}

/**
 * Every column the question lists ("the name, date and result", "ids, names and descriptions") must be shown by a
 * list, or be a condition, grouping or measure of any other reading: a listed column that disappears (a compound
 * read where commas separate, a column taken for a table's label) refuses rather than answers a different question.
 * `items` are the question's items after the intent was built. Throws UnmappedQuestionError naming the column.
 */
export function checkListedColumns(intent: ReadIntent, items: readonly Item[]): void {
  if (intent.kind !== 'list' || !intent.columns.length) return;
  const shown = new Set(
    intent.columns.flatMap((c) => [c, ...(c.joined?.with ?? [])]).map((c) => `${c.table}.${c.column}`),
  );
  for (const f of intent.filters) shown.add(`${f.ref.table}.${f.ref.column}`);
  const listedAt = (k: number) => {
    const it = items[k];
    if (it.t !== 'mention' || !it.targets.length || !it.targets.every((t) => t.kind === 'column')) return false;
    // a column after "and" or a comma, or one that a column after "and" or a comma follows
    const separated = (j: number) => {
      const m = items[j];
      return (
        m?.t === 'mention' &&
        m.targets.every((t) => t.kind === 'column') &&
        (!!m.listed || /(^|\s)and$/.test(m.glue ?? ''))
      );
    };
    return separated(k) || separated(k + 1);
  };
  items.forEach((it, k) => {
    if (it.t !== 'mention' || !listedAt(k)) return;
    if (!it.targets.some((t) => shown.has(`${t.table}.${(t as { column: string }).column}`)))
      throw new UnmappedQuestionError(`it would drop the column "${it.text}" the question lists`);
  });
}
