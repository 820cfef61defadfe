import {
  isWriteIntent,
  type CompareFilter,
  type Filter,
  type QueryIntent,
  type ReadIntent,
} from '../sketches/query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import { tokenizeQuestion } from '../words/question-tokenizer';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { normalizedWords } from '../words/word-forms';

/**
 * The engine's last check of its own reading, on the finished intent that `buildSql` writes verbatim (after
 * definitions, follow-ups and every rewrite): statements that cannot mean what any question says are refused,
 * naming the words, rather than written. The kinds are the impossible SQL of docs/architecture.md "The offline
 * engine" (precision before coverage):
 * - one column equal to two different values under AND (`status = 'shipped' AND status = 'delivered'`: always empty);
 * - a word compared with a column stored as numbers (`order_id = 'Acme Corp'`);
 * - the number of a ranking ("the 5 largest") also read as a value (`total_amount = 5`);
 * - `COUNT(DISTINCT x) ... GROUP BY x` (always 1);
 * - a sum or average of a key column (`SUM(customer_id)`);
 * - rows ordered or ranked by a key column the question does not name.
 * Applies to the parts of a ratio too. Returns the intent unchanged; throws UnmappedQuestionError.
 */
export function selfCheck<I extends QueryIntent>(intent: I, lexicon: SchemaLexicon, question: string): I {
  if (isWriteIntent(intent)) {
    checkContradiction(intent.filters);
    return intent;
  }
  const words = questionWords(question);
  for (const read of readParts(intent)) {
    checkContradiction([...read.filters, ...(read.share ?? [])]);
    checkTypes([...read.filters, ...(read.share ?? [])], lexicon);
    checkRankNumber(read, question);
    checkMeasures(read, lexicon);
    checkKeyOrder(read, lexicon, words);
  }
  return intent;
}

/** The intent and, for a ratio, both of its counts. */
function readParts(intent: ReadIntent): ReadIntent[] {
  return intent.ratio ? [intent, intent.ratio.numerator, intent.ratio.denominator] : [intent];
}

/** Lower-case singular words of the question (word-forms.ts), for "does the question name this column". */
function questionWords(question: string): Set<string> {
  return new Set(
    tokenizeQuestion(question).flatMap((t) => (t.kind === 'word' ? [t.lower, ...normalizedWords(t.lower)] : [])),
  );
}

/** Conditions that hold one value of a column (`=`), with the text naming it. */
function equalities(filters: readonly Filter[]): CompareFilter[] {
  return filters.filter((f): f is CompareFilter => f.kind === 'compare' && f.op === '=');
}

/** Two `=` conditions on one column with different values, both required: no row can meet them. */
function checkContradiction(filters: readonly Filter[]): void {
  const seen = new Map<string, CompareFilter>();
  for (const f of equalities(filters)) {
    const key = `${f.ref.table}\u0000${f.ref.column}`;
    const earlier = seen.get(key);
    if (earlier && String(earlier.value) !== String(f.value))
      throw new UnmappedQuestionError(
        `it would need ${f.ref.column} to be both "${earlier.value}" and "${f.value}" in one row; ask for one of them, ` +
          `or for either with "or"`,
      );
    seen.set(key, f);
  }
}

/** A word (not a number) compared with a column stored as numbers, such as a key: no row holds it. */
function checkTypes(filters: readonly Filter[], lexicon: SchemaLexicon): void {
  const compares = filters.flatMap((f) => (f.kind === 'compare' ? [f] : f.kind === 'anyOf' ? f.parts : []));
  for (const f of compares) {
    if (typeof f.value !== 'string' || f.value.trim() === '' || !Number.isNaN(Number(f.value))) continue;
    if (lexicon.storesNumbers(f.ref.table, f.ref.column))
      throw new UnmappedQuestionError(`it would compare "${f.value}" with ${f.ref.column}, which holds numbers`);
  }
}

/** "the 5 largest orders": the ranking's number is not also a value, unless the question says it twice. */
function checkRankNumber(intent: ReadIntent, question: string): void {
  if (intent.limit === null || intent.kind !== 'top') return;
  const limit = intent.limit;
  const asValue = intent.filters
    .flatMap((f) => (f.kind === 'compare' ? [f] : f.kind === 'anyOf' ? f.parts : []))
    .find((f) => typeof f.value === 'number' && f.value === limit);
  if (!asValue) return;
  const said = tokenizeQuestion(question).filter((t) => t.kind === 'number' && Number(t.value) === limit).length;
  if (said < 2)
    throw new UnmappedQuestionError(
      `it would read the number ${limit} both as how many to show and as a value of ${asValue.ref.column}`,
    );
}

/** `COUNT(DISTINCT x) GROUP BY x` (always 1) and sums or averages of key columns. */
function checkMeasures(intent: ReadIntent, lexicon: SchemaLexicon): void {
  const group = intent.group;
  for (const m of [intent.measure, ...(intent.moreMeasures ?? [])]) {
    if (!m || m.definition || m.expr.kind !== 'column') continue;
    const ref = m.expr.ref;
    if (
      m.fn === 'count' &&
      group?.kind === 'column' &&
      group.ref.table === ref.table &&
      group.ref.column === ref.column
    )
      throw new UnmappedQuestionError(`it would count the distinct ${ref.column} of each ${ref.column} (always 1)`);
    if ((m.fn === 'sum' || m.fn === 'avg') && lexicon.columnKind(ref.table, ref.column) === 'id')
      throw new UnmappedQuestionError(`it would add up the key column ${ref.column}, which is no quantity`);
  }
}

/** Rows ordered or ranked by a numeric key column the question names no word of ("in order of salary" -> the key). */
function checkKeyOrder(intent: ReadIntent, lexicon: SchemaLexicon, words: ReadonlySet<string>): void {
  const by = intent.orderBy && typeof intent.orderBy.by === 'object' ? intent.orderBy.by : null;
  const ranked =
    intent.kind === 'top' && intent.measure?.fn === 'none' && intent.measure.expr.kind === 'column'
      ? intent.measure.expr.ref
      : null;
  for (const ref of [by, ranked]) {
    if (!ref || lexicon.columnKind(ref.table, ref.column) !== 'id' || !lexicon.storesNumbers(ref.table, ref.column))
      continue;
    const named = normalizedWords(ref.column).every((w) => words.has(w));
    if (!named)
      throw new UnmappedQuestionError(`it would order the rows by the key ${ref.column}, which it does not name`);
  }
}
