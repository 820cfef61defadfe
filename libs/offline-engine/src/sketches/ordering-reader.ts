import { UnmappedQuestionError, type Item, type MentionItem } from '../linking/question-items';
import type { ReadIntent } from './query-intent';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { normalizedWords } from '../words/word-forms';

/** What a question says about row order: "ordered by name", "sorted by the month", "in descending order". */
export interface OrderSpec {
  /** The column mention after "ordered by", or the group key or measure it names; null for a direction alone. */
  by: { kind: 'column'; item: MentionItem } | { kind: 'group' } | { kind: 'measure' } | null;
  direction: 'asc' | 'desc' | null;
  text: string;
}

/**
 * Reads the ordering words of a question (vocabulary `orderBy`, `asc`, `desc`) and marks them used, with the
 * column, period (`year`/`month`: the group key) or aggregate (`count`, `total`: the measure) that follows
 * "ordered by". Returns null when the question says nothing about order.
 */
export function readOrdering(items: Item[]): OrderSpec | null {
  let spec = null as OrderSpec | null;
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    if (item.used || item.t !== 'kw') continue;
    if (item.kw === 'asc' || item.kw === 'desc') {
      item.used = true;
      spec = { by: spec?.by ?? null, direction: item.kw, text: spec ? `${spec.text} ${item.text}` : item.text };
    } else if (item.kw === 'orderBy') {
      item.used = true;
      const next = items.slice(k + 1).find((it) => !it.used);
      let by: OrderSpec['by'] = null;
      if (next?.t === 'mention' && next.targets.some((t) => t.kind === 'column')) by = { kind: 'column', item: next };
      else if (next?.t === 'kw' && (next.kw === 'year' || next.kw === 'month' || next.kw === 'day'))
        by = { kind: 'group' };
      else if (next?.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max'].includes(next.kw)) by = { kind: 'measure' };
      if (!by || !next) throw new UnmappedQuestionError(`it could not tell what "${item.text}" sorts by`);
      next.used = true;
      const descending = /descending/i.test(item.text);
      spec = {
        by,
        direction: spec?.direction ?? (descending ? 'desc' : /ascending/i.test(item.text) ? 'asc' : null),
        text: item.text,
      };
    }
  }
  return spec;
}

/**
 * The intent with its order set from `spec`: lists by a column of their subject (or any column they show), by
 * their label columns for a direction alone ("alphabetically"); grouped results by the group key or the measure.
 * Throws UnmappedQuestionError when the order names a column the result does not have.
 */
export function withOrdering(intent: ReadIntent, spec: OrderSpec | null, lexicon: SchemaLexicon): ReadIntent {
  if (!spec) return intent;
  const direction = spec.direction ?? 'asc';
  if (spec.by?.kind === 'column') {
    const item = spec.by.item;
    const g = intent.group;
    const target = item.targets.find(
      (t) =>
        t.kind === 'column' &&
        (g?.kind === 'column'
          ? g.ref.table === t.table && g.ref.column === t.column
          : t.table === intent.subject || intent.columns.some((c) => c.table === t.table && c.column === t.column)),
    );
    if (!target || target.kind !== 'column')
      throw new UnmappedQuestionError(`it could not tell how to sort by "${item.text}"`);
    if (g) return { ...intent, orderBy: { by: 'group', direction } };
    if (intent.kind !== 'list') throw new UnmappedQuestionError(`it could not tell how to sort by "${item.text}"`);
    return { ...intent, orderBy: { by: { table: target.table, column: target.column }, direction } };
  }
  if (spec.by) {
    if (!intent.group || intent.kind === 'top')
      throw new UnmappedQuestionError(`it could not tell how to apply "${spec.text}"`);
    return { ...intent, orderBy: { by: spec.by.kind, direction } };
  }
  // a direction alone
  if (intent.kind === 'list') {
    const labels = lexicon.labelColumns(intent.subject);
    return { ...intent, orderBy: { by: { table: intent.subject, column: labels[0] }, direction } };
  }
  if (intent.group && intent.kind !== 'top') return { ...intent, orderBy: { by: 'measure', direction } };
  throw new UnmappedQuestionError(`it could not tell what "${spec.text}" orders`);
}

/** Last words of a column that make its values a calendar sequence: groups of them read best in time order. */
const CALENDAR_WORDS = new Set(['year', 'month', 'quarter', 'week', 'day', 'date']);

/**
 * Groups keyed by a calendar column ("papers per year" over `paper.year`) in time order, as grouping by a period
 * already is, when the question asks for no other order; other intents come back unchanged.
 */
export function withNaturalOrder(intent: ReadIntent): ReadIntent {
  if (intent.orderBy || intent.kind === 'top' || intent.group?.kind !== 'column') return intent;
  const words = normalizedWords(intent.group.ref.column);
  return CALENDAR_WORDS.has(words[words.length - 1])
    ? { ...intent, orderBy: { by: 'group', direction: 'asc' } }
    : intent;
}
