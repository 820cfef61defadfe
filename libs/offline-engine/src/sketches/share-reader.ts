import type { ReadIntent } from './query-intent';
import { UnmappedQuestionError, type Item } from '../linking/question-items';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { pluralize } from '../words/word-forms';

/** True when the question asks for a share ("what percentage of", "share of", ...); marks those words used. */
export function readShare(items: Item[]): boolean {
  let found = false;
  for (const item of items) {
    if (!item.used && item.t === 'kw' && item.kw === 'share') {
      item.used = true;
      found = true;
    }
  }
  return found;
}

/**
 * The percentage sketch: "what percentage of orders are shipped" read as the list "orders with status
 * shipped" becomes 100 * (rows meeting the conditions) / (all rows). Date ranges stay on the population ("what
 * percentage of orders in 2024 were cancelled": of the orders of 2024); every other filter is the condition.
 * Throws UnmappedQuestionError when there is no condition or the reading is not a plain list or count.
 */
export function toShare(intent: ReadIntent, lexicon: SchemaLexicon): ReadIntent {
  if (
    (intent.kind !== 'list' && intent.kind !== 'count') ||
    intent.group ||
    intent.lookup ||
    (intent.kind === 'list' && intent.columns.length)
  ) {
    throw new UnmappedQuestionError('it could not tell of which rows to take a percentage');
  }
  const share = intent.filters.filter((f) => f.kind !== 'dateRange');
  if (!share.length) throw new UnmappedQuestionError('it found no condition to take a percentage of');
  const population = intent.filters.filter((f) => f.kind === 'dateRange');
  const noun = pluralize(tableNoun(lexicon.table(intent.subject)));
  const label = `percentage of ${noun} ${share.map((f) => f.label).join(' and ')}`;
  return {
    ...intent,
    kind: 'aggregate',
    filters: population,
    share,
    measure: { fn: 'avg', expr: { kind: 'rows', table: intent.subject }, alias: 'percentage', label, money: false },
    columns: [],
  };
}
