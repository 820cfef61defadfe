import type { AggregateFn, CompareOp, Measure } from './query-intent';
import type { Keyword } from '../words/question-vocabulary';
import { humanize, normalizedWords } from '../words/word-forms';

/** Small word and ordering helpers of the intent builder (intent-parser.ts): labels, aliases, noun forms. */

/** Lexicographic comparison of score tuples (Infinity sorts last). */
export function cmpTuple(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
    if (a[i] !== b[i]) return a[i] === Infinity ? 1 : -1;
  }
  return 0;
}

const OP_WORDS: Record<CompareOp, string> = {
  '=': 'is',
  '<>': 'is not',
  '>': 'over',
  '>=': 'at least',
  '<': 'under',
  '<=': 'at most',
};

/** Words of a comparison operator in answers: `>` -> over. */
export function opWords(op: CompareOp): string {
  return OP_WORDS[op];
}

/** The comparison an ordering keyword makes ("more than" -> gt -> `>`); `eq` and the other keywords are not in it. */
export const ORDERING_OPS: ReadonlyMap<Keyword, CompareOp> = new Map<Keyword, CompareOp>([
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
]);

const COUNT_OP_WORDS: Record<CompareOp, string> = {
  '>': 'more than',
  '>=': 'at least',
  '<': 'fewer than',
  '<=': 'at most',
  '=': '',
  '<>': 'other than',
};

/** Words of a comparison operator before a count ("with more than 3 orders"): `>` -> more than, `=` -> nothing. */
export function countOpWords(op: CompareOp): string {
  return COUNT_OP_WORDS[op];
}

const AGGREGATE_WORDS: Record<AggregateFn, string> = {
  count: 'number of',
  sum: 'total',
  avg: 'average',
  min: 'lowest',
  max: 'highest',
};

/** Words of an aggregate before a column in labels: `avg` -> average. */
export function aggregateWords(fn: AggregateFn): string {
  return AGGREGATE_WORDS[fn];
}

const PLACE =
  /^(country|city|state|region|province|county|location|area|territory|continent|billing country|billing city|ship country|shipping country)$/;

/** Words describing one filter in answers: "in Canada", "with status shipped", "with price over 100". */
export function filterLabel(column: string, op: CompareOp, value: string | number): string {
  const words = humanize(column);
  if (op === '=' && typeof value === 'string' && PLACE.test(words)) return `in ${value}`;
  if (op === '<>' && typeof value === 'string' && PLACE.test(words)) return `outside ${value}`;
  return `with ${words} ${opWords(op) === 'is' ? '' : `${opWords(op)} `}${value}`.replace(/\s+/g, ' ');
}

/** True when a column's words say money (price, cost, amount, total, ...). */
export function isMoneyColumn(column: string): boolean {
  return /(price|cost|amount|total|revenue|sales|salary|fee|balance|payment|spend|income|paid)/.test(
    normalizedWords(column).join(' '),
  );
}

/** Output alias from words: `order total` -> `order_total`. */
export function aliasOf(name: string): string {
  return (
    normalizedWords(name)
      .join('_')
      .replace(/[^a-z0-9_]/g, '') || 'value'
  );
}

/** A noun phrase with its last word singular. */
export function singularNoun(noun: string): string {
  return noun
    .split(' ')
    .map((w, i, a) => (i === a.length - 1 ? (normalizedWords(w)[0] ?? w) : w))
    .join(' ');
}

/** A noun phrase with its last word plural. */
export function pluralWords(noun: string): string {
  const parts = singularNoun(noun).split(' ');
  const last = parts.pop() as string;
  const plural = last.endsWith('s')
    ? last
    : /[^aeiou]y$/.test(last)
      ? `${last.slice(0, -1)}ies`
      : /(x|z|ch|sh)$/.test(last)
        ? `${last}es`
        : `${last}s`;
  return [...parts, plural].join(' ');
}

/** The table an aggregate reads from. */
export function measureTable(m: Measure): string {
  return m.expr.kind === 'rows' ? m.expr.table : m.expr.kind === 'column' ? m.expr.ref.table : m.expr.left.table;
}
