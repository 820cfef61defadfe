import { isWriteIntent, type ColumnRef, type CompareOp, type DurationUnit, type QueryIntent } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { verbLemma } from '../words/word-lemmas';
import { normalizedWords, pluralize } from '../words/word-forms';

/**
 * "days between A and B", "hours from A to B", with what comes before and after: the derived-measure sketch of
 * the duration sketch (a duration between two date columns of one row).
 */
const DURATION =
  /^(.*?)\b(days|hours)\s+(?:it\s+takes?\s+)?(?:between|from)\s+(?:the\s+)?(.+?)\s+(?:and|to|until|till)\s+(?:the\s+)?(.+?)(?:\s+((?:on|in)\s+average|(?:per|by|for|in|of|across|during)\s+.+))?\s*[?.]?\s*$/i;

/** Aggregate words before or after the duration, and what they compute. */
const AGGREGATES: Array<[RegExp, 'avg' | 'sum' | 'max' | 'min']> = [
  [/\b(average|mean|avg|typical)\b|\b(on|in) average\b/i, 'avg'],
  [/\b(total|sum|overall)\b/i, 'sum'],
  [/\b(longest|maximum|max|most|greatest)\b/i, 'max'],
  [/\b(shortest|minimum|min|least|fewest)\b/i, 'min'],
];

/** Words a date column's name adds to its event: `order_date` is the order, `delivered_at` the delivery. */
const DATE_WORDS = new Set(['date', 'at', 'on', 'time', 'dt', 'ts', 'timestamp', 'datetime', 'day']);

/** Suffixes that make a noun of a verb (deliver -> delivery, ship -> shipment, sign up -> signup). */
const DERIVATION = /^(y|ment|ing|al|ion|ation|ance|ence|ure|s)?$/;

/** How answers name each aggregate of a duration: "the average number of days from order to delivery". */
const WORDS = {
  avg: 'average number of',
  sum: 'total number of',
  max: 'longest time in',
  min: 'shortest time in',
} as const;

/**
 * The duration sketch: "what is the average number of days between order and delivery", "how many days from
 * order date to shipment on average, by channel". Each end is a date column named by its words or by the event it
 * records (`delivery` for `delivered_at`, through the verb's lemma and a derivational suffix); both must be columns
 * of one table. The rest of the question ("by channel", "in 2024") is read by `parse` as "how many <rows> ...",
 * and that count becomes the aggregate of the duration. Returns null when the question has no such span;
 * throws UnmappedQuestionError when it has one but names no aggregate, or the ends are not two date columns of one
 * table.
 */
export function durationIntent(
  question: string,
  lexicon: SchemaLexicon,
  parse: (question: string) => QueryIntent,
): QueryIntent | null {
  const took = durationFilterIntent(question, lexicon, parse);
  if (took) return took;
  const m = DURATION.exec(question);
  if (!m) return eventTimeIntent(question, lexicon, parse);
  const [, before, unitWord, startText, endText, after = ''] = m;
  const pair = datePair(lexicon, startText, endText);
  if (!pair)
    throw new UnmappedQuestionError(
      `it could not tell which two date columns of one table "${startText}" and "${endText}" are`,
    );
  return durationOver(pair, unitWord, before, after, startText, endText, lexicon, parse);
}

/** "<event> time": the time a row took to reach the event ("the average delivery time in days"). */
const EVENT_TIME =
  /^(.*?)\b([a-z]+)\s+(?:time|duration|turnaround(?:\s+time)?)(?:\s+in\s+(days|hours))?(?:\s+((?:(?:on|in)\s+average)|(?:per|by|for|in|across|during)\s+.+))?\s*[?.]?\s*$/i;

/** "time to <event>": "the average time to ship an order (in hours)". */
const TIME_TO =
  /^(.*?)\b(?:time|duration|days|hours)\s+(?:it\s+takes\s+)?(?:to|until)\s+([a-z]+)(?:\s+(?:an?|the)\s+[a-z]+)?(?:\s+in\s+(days|hours))?(?:\s+((?:(?:on|in)\s+average)|(?:per|by|for|in|across|during)\s+.+))?\s*[?.]?\s*$/i;

/**
 * "the average delivery time (in days)", "the average time to ship an order": from the row's own date (the date column named after its table, such as
 * `order_date` of `orders`, or its creation date) to the date column the event names (`delivered_at`). Null when
 * the question has no "<word> time" or the word names no date column.
 */
function eventTimeIntent(
  question: string,
  lexicon: SchemaLexicon,
  parse: (question: string) => QueryIntent,
): QueryIntent | null {
  const m = EVENT_TIME.exec(question) ?? TIME_TO.exec(question);
  if (!m) return null;
  const [, before, event, unitWord = 'days', after = ''] = m;
  const ends = dateColumns(lexicon, event);
  const pairs = ends.flatMap((end) =>
    startColumns(lexicon, end.table)
      .filter((s) => s.column !== end.column)
      .map((start): [ColumnRef, ColumnRef] => [start, end]),
  );
  if (pairs.length !== 1) return null;
  const noun = tableNoun(lexicon.table(pairs[0][0].table));
  return durationOver(pairs[0], unitWord, before, after, noun, event, lexicon, parse);
}

/** The date columns a table's rows start at: named after the table (`order_date`) or their creation. */
function startColumns(lexicon: SchemaLexicon, table: string): ColumnRef[] {
  const noun = normalizedWords(lexicon.table(table).name).join(' ');
  return lexicon
    .columnsOfKind(table, 'date')
    .filter((c) => {
      const words = normalizedWords(c)
        .filter((w) => !DATE_WORDS.has(w))
        .join(' ');
      return words === noun || /^(created?|creation)$/.test(words);
    })
    .map((column) => ({ table, column }));
}

/** The aggregate of the duration from `pair[0]` to `pair[1]` over the rows "how many <rows> <rest>" reads. */
function durationOver(
  pair: [ColumnRef, ColumnRef],
  unitWord: string,
  before: string,
  after: string,
  startText: string,
  endText: string,
  lexicon: SchemaLexicon,
  parse: (question: string) => QueryIntent,
): QueryIntent {
  const fn = AGGREGATES.find(([re]) => re.test(before) || re.test(after))?.[1];
  if (!fn)
    throw new UnmappedQuestionError(
      `it found the ${unitWord.toLowerCase()} from ${startText} to ${endText} but no average, total, longest or shortest of them`,
    );
  const [start, end] = pair;
  const unit: DurationUnit = /^hours$/i.test(unitWord) ? 'hour' : 'day';
  const rest = /^(on|in)\s+average$/i.test(after.trim()) ? '' : after;
  const base = parse(`how many ${pluralize(tableNoun(lexicon.table(start.table)))} ${rest}`.trim());
  if (base.kind !== 'count' || base.subject !== start.table || base.share || base.yesNo) {
    throw new UnmappedQuestionError(
      `it could not tell over which ${tableNoun(lexicon.table(start.table))} rows to take the ${unitWord.toLowerCase()}`,
    );
  }
  const label = `${WORDS[fn]} ${unit}s from ${startText.trim()} to ${endText.trim()}`;
  return {
    ...base,
    kind: 'aggregate',
    measure: {
      fn,
      expr: { kind: 'duration', left: start, right: end, unit },
      alias: `${fn}_${unit}s`,
      label,
      money: false,
    },
  };
}

/** The start and end date columns the two phrases name, in one table; null unless exactly one pair fits. */
function datePair(lexicon: SchemaLexicon, startText: string, endText: string): [ColumnRef, ColumnRef] | null {
  const starts = dateColumns(lexicon, startText);
  const ends = dateColumns(lexicon, endText);
  const pairs: Array<[ColumnRef, ColumnRef]> = [];
  for (const s of starts) for (const e of ends) if (s.table === e.table && s.column !== e.column) pairs.push([s, e]);
  return pairs.length === 1 ? pairs[0] : null;
}

/** Date columns whose event words match the phrase's words (see related): "shipped" and "shipment" name `shipped_at`. */
export function dateColumns(lexicon: SchemaLexicon, text: string): ColumnRef[] {
  const words = normalizedWords(text).filter((w) => !DATE_WORDS.has(w));
  if (!words.length) return [];
  const out: ColumnRef[] = [];
  for (const table of lexicon.tables.keys()) {
    for (const column of lexicon.columnsOfKind(table, 'date')) {
      const event = normalizedWords(column).filter((w) => !DATE_WORDS.has(w));
      if (event.length === words.length && event.every((c, i) => related(words[i], c))) out.push({ table, column });
    }
  }
  return out;
}

/** True when a question word and a column word name the same event: equal, or one verb and its derived noun. */
function related(word: string, columnWord: string): boolean {
  if (word === columnWord) return true;
  const verb = verbLemma(columnWord) ?? columnWord;
  if ((verbLemma(word) ?? word) === verb) return true;
  return word.startsWith(verb) && DERIVATION.test(word.slice(verb.length));
}

/** "took more than 7 days to deliver", "take under 2 hours to ship": a comparison of the time to an event. */
const TOOK =
  /^(.*?)\b(?:took|take|takes|taking|taken)\s+(more than|over|longer than|at least|less than|under|fewer than|at most)\s+(\d+)\s+(days?|hours?)\s+(?:to|until|before)\s+(?:be\s+|get\s+)?([a-z]+)\b(.*)$/i;

const TOOK_OPS = new Map<string, CompareOp>([
  ['more than', '>'],
  ['over', '>'],
  ['longer than', '>'],
  ['at least', '>='],
  ['less than', '<'],
  ['under', '<'],
  ['fewer than', '<'],
  ['at most', '<='],
]);

/**
 * The duration as a filter: "how many orders took more than 7 days to deliver" keeps the
 * rows whose time from their own date (startColumns) to the date of the event (`delivered_at` for "deliver") exceeds
 * 7 days; the rest of the question is read as usual, with that condition added. Null when the question has no such
 * phrase or the event names no one date column of a table with one start date.
 */
function durationFilterIntent(
  question: string,
  lexicon: SchemaLexicon,
  parse: (question: string) => QueryIntent,
): QueryIntent | null {
  const m = TOOK.exec(question);
  if (!m) return null;
  const [, before, opWords, amount, unitWord, event, after] = m;
  const ends = dateColumns(lexicon, event);
  const pairs = ends.flatMap((end) =>
    startColumns(lexicon, end.table)
      .filter((s) => s.column !== end.column)
      .map((start): [ColumnRef, ColumnRef] => [start, end]),
  );
  if (pairs.length !== 1)
    throw new UnmappedQuestionError(`it could not tell from which date to which date "${event}" is timed`);
  const [start, end] = pairs[0];
  const base = parse(`${before.replace(/\b(that|which|who)\s*$/i, '')} ${after}`.trim());
  if (isWriteIntent(base) || base.subject !== start.table || base.ratio)
    throw new UnmappedQuestionError(`it could not tell which rows took ${opWords} ${amount} ${unitWord}`);
  const unit: DurationUnit = /^hour/i.test(unitWord) ? 'hour' : 'day';
  const op = TOOK_OPS.get(opWords.toLowerCase()) as CompareOp;
  return {
    ...base,
    filters: [
      ...base.filters,
      {
        kind: 'duration',
        ref: start,
        end,
        unit,
        op,
        value: Number(amount),
        label: `taking ${opWords} ${amount} ${unit}s to ${event}`,
      },
    ],
  };
}
