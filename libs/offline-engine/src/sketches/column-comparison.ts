import { dateColumns } from './duration-reader';
import { isWriteIntent, type ColumnRef, type CompareOp, type QueryIntent } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { normalizedWords } from '../words/word-forms';

/** Comparison words between two columns: dates take the first four, numbers the rest. */
const OPS = new Map<string, { op: CompareOp; kind: 'date' | 'number' }>([
  ['after', { op: '>', kind: 'date' }],
  ['later than', { op: '>', kind: 'date' }],
  ['before', { op: '<', kind: 'date' }],
  ['earlier than', { op: '<', kind: 'date' }],
  ['above', { op: '>', kind: 'number' }],
  ['more than', { op: '>', kind: 'number' }],
  ['greater than', { op: '>', kind: 'number' }],
  ['higher than', { op: '>', kind: 'number' }],
  ['over', { op: '>', kind: 'number' }],
  ['exceeds', { op: '>', kind: 'number' }],
  ['below', { op: '<', kind: 'number' }],
  ['less than', { op: '<', kind: 'number' }],
  ['lower than', { op: '<', kind: 'number' }],
  ['under', { op: '<', kind: 'number' }],
]);

/** "<rows> <column A> [is] <op> [the|their|its|they were] <column B>", the whole question. */
const SHAPE = new RegExp(
  `^(.+?)\\s+(?:(?:is|are|was|were)\\s+)?(${[...OPS.keys()].join('|')})\\s+` +
    `(?:(?:the|their|its)\\s+|(?:they|it)\\s+(?:was|were|is|are|had been|have been|has been)\\s+)?([a-z][a-z _-]{0,60}?)\\s*[?.!]?\\s*$`,
  'i',
);

/** Words ending the rows' part before the first column: "orders whose", "which orders were". */
const TRAILING = /\s+(?:whose|where|that|which|with|were|was|is|are|have been|has been|had been|got|get)\s*$/i;

/**
 * Two columns of one table compared (libs/offline-engine README, "Answer what was asked"): "orders shipped after the required date"
 * (`shipped_date > required_date`), "which orders were delivered after they were shipped", "products whose unit
 * price is above their unit cost". Dates are compared with after/before/later/earlier than, numbers with
 * above/below/more/less/greater/higher/lower than/over/under; each side is the whole phrase next to the word: a
 * date column named by its event ("shipped" for `shipped_at`, duration-reader.ts `dateColumns`) or a number column
 * whose words are, or end with, the phrase's ("cost" for `unit_cost`). Both must be distinct columns of the one
 * table the rest of the question lists or counts; the rest is read by `parse` and the comparison added as a
 * `columns` filter. Null when the question has no such shape or a side names no single column (read as usual).
 */
export function columnComparisonIntent(
  question: string,
  lexicon: SchemaLexicon,
  parse: (question: string) => QueryIntent,
): QueryIntent | null {
  const m = SHAPE.exec(question.trim());
  if (!m) return null;
  const [, before, opWords, rightText] = m;
  const { op, kind } = OPS.get(opWords.toLowerCase().replace(/\s+/g, ' ')) as {
    op: CompareOp;
    kind: 'date' | 'number';
  };
  const rights = columnsNamed(lexicon, rightText, kind);
  if (!rights.length) return null;
  const left = leftColumns(lexicon, before, kind, rights);
  if (!left) return null;
  const base = parse(left.rest);
  const pairs = isWriteIntent(base) ? [] : left.pairs.filter((p) => p.ref.table === base.subject);
  if (isWriteIntent(base) || pairs.length !== 1 || base.ratio || base.share)
    throw new UnmappedQuestionError(
      `it could not tell which rows "${left.phrase}" ${opWords} "${rightText}" describes`,
    );
  const { ref, other } = pairs[0];
  const label = `${ref.column} ${opWords.toLowerCase()} ${other.column}`;
  return { ...base, filters: [...base.filters, { kind: 'columns', ref, op, other, label }] };
}

/**
 * The columns the end of `before` names (its last one to three words, the longest first) in the table of one of
 * `rights`, each with the other column, and the words before them (the rows' part, without a trailing "whose" or
 * "were"). Null when no ending names one, or nothing is left for the rows.
 */
function leftColumns(
  lexicon: SchemaLexicon,
  before: string,
  kind: 'date' | 'number',
  rights: readonly ColumnRef[],
): { pairs: Array<{ ref: ColumnRef; other: ColumnRef }>; phrase: string; rest: string } | null {
  const words = before.trim().split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const phrase = words.slice(words.length - n).join(' ');
    const pairs = columnsNamed(lexicon, phrase, kind).flatMap((ref) =>
      rights.filter((r) => r.table === ref.table && r.column !== ref.column).map((other) => ({ ref, other })),
    );
    if (!pairs.length) continue;
    let rest = words.slice(0, words.length - n).join(' ');
    while (TRAILING.test(rest)) rest = rest.replace(TRAILING, '');
    return rest.trim() ? { pairs, phrase, rest } : null;
  }
  return null;
}

/** Columns of `kind` the whole phrase names: a date column by its event, a number column by its (last) words. */
function columnsNamed(lexicon: SchemaLexicon, text: string, kind: 'date' | 'number'): ColumnRef[] {
  const words = normalizedWords(text);
  if (!words.length || words.some((w) => /^\d/.test(w))) return [];
  if (kind === 'date') return dateColumns(lexicon, text);
  const out: ColumnRef[] = [];
  for (const table of lexicon.tables.keys()) {
    const fits = lexicon.columnsOfKind(table, 'number').filter((column) => {
      const own = normalizedWords(column);
      return own.length >= words.length && own.slice(own.length - words.length).join(' ') === words.join(' ');
    });
    // the phrase must name one column of the table ("price" with `unit_price` and `list_price` names none)
    if (fits.length === 1) out.push({ table, column: fits[0] });
  }
  return out;
}
