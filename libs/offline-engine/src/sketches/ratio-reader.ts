import type { Filter, QueryIntent, ReadIntent } from './query-intent';
import { isWriteIntent } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';

/** "the ratio of A to B", "the proportion of A out of B": the ratio sketch. */
const RATIO =
  /^(.*?)\b(?:ratio|proportion)\s+of\s+(?:the\s+)?(.+?)\s+(?:to|versus|vs\.?|against|out\s+of|compared\s+to|compared\s+with)\s+(?:the\s+)?(.+?)\s*[?.]?\s*$/i;

/** Words before a counted noun phrase that only say "count": "the total number of publications". */
const COUNT_WORDS = /^(?:(?:the\s+)?(?:total\s+)?(?:number|count)\s+of\s+|all\s+(?:the\s+)?)/i;

/**
 * The ratio sketch: "what is the ratio of publications to authors", "the ratio of open businesses to closed
 * businesses in San Francisco", "the ratio of restaurants rated above 4 to all restaurants". Each side is read by
 * `parse` as "how many <side>" and must be a plain count (no grouping); the answer is numerator / denominator as a
 * decimal (NULL when the denominator is 0). A condition the last side adds on a column the first side leaves alone
 * ("... in San Francisco") scopes both sides, as English attaches a final phrase to the whole comparison. Returns
 * null when the question has no "ratio of ... to ..."; throws UnmappedQuestionError when a side is not a count.
 */
export function ratioIntent(question: string, parse: (question: string) => QueryIntent): QueryIntent | null {
  const m = RATIO.exec(question);
  if (!m) return null;
  const [, , aText, bText] = m;
  const side = (text: string): ReadIntent => {
    const intent = parse(`how many ${text.replace(COUNT_WORDS, '')}`);
    if (isWriteIntent(intent) || intent.kind !== 'count' || intent.group || intent.share || intent.yesNo) {
      throw new UnmappedQuestionError(`it could not count "${text}" for a ratio`);
    }
    return intent;
  };
  let numerator = side(aText);
  const denominator = side(bText);
  if (numerator.subject === denominator.subject) {
    const key = (f: Filter) => JSON.stringify(f.ref);
    const own = new Set(numerator.filters.map(key));
    const scope = denominator.filters.filter((f) => !own.has(key(f)) && numerator.filters.length > 0);
    numerator = { ...numerator, filters: [...numerator.filters, ...scope] };
  }
  const label = `ratio of ${aText.trim()} to ${bText.trim()}`;
  return {
    kind: 'aggregate',
    subject: numerator.subject,
    filters: [],
    group: null,
    measure: { fn: 'count', expr: { kind: 'rows', table: numerator.subject }, alias: 'ratio', label, money: false },
    limit: null,
    direction: 'desc',
    columns: [],
    ratio: { numerator, denominator },
  };
}
