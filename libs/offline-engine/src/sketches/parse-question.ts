import { parseDateRange, type DateRange } from './date-range-parser';
import { durationIntent } from './duration-reader';
import { columnComparisonIntent } from './column-comparison';
import { asksForRecords, splitColumnList, withColumnList } from './projection-reader';
import { ratioIntent } from './ratio-reader';
import { howAdjectiveIntent } from './how-adjective';
import { compoundModifiers, resolveColumnCompounds } from '../linking/noun-compounds';
import { ReadIntentBuilder } from './intent-parser';
import { flagFilter, readFlagWords, type FlagWord } from './flag-columns';
import { readCountPerValue, withCountPerValue } from './count-per-value';
import { relationVerbAt } from './relation-verbs';
import { askWhichTable } from '../linking/entity-words';
import { askNegatedParticiple, participleFilter, readParticipleDates, type ParticipleDate } from './participle-dates';
import { assertInformative, withRelations } from '../checks/intent-sanity';
import { checkListedColumns } from '../checks/intent-check';
import type { JoinPlanner } from '../linking/join-planner';
import { readOrdering, withNaturalOrder, withOrdering } from './ordering-reader';
import type { QueryIntent, ReadIntent } from './query-intent';
import { weighUnknownWords, withIgnoredWords } from '../linking/question-confidence';
import { bareTailLiteral, itemize, UnmappedQuestionError, type Item, type Itemized } from '../linking/question-items';
import { tokenizeQuestion, type QuestionToken } from '../words/question-tokenizer';
import { readRelationConditions } from './relation-conditions';
import { readAggregateConditions } from './aggregate-conditions';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { readShare, toShare } from './share-reader';
import { withStockConditions } from './stock-reader';
import { parseWriteIntent } from './write-intent-parser';
import type { ParseOptions } from './parse-options';
import { toYesNo, yesNoBody } from './yes-no';

export { UnmappedQuestionError };

/** Question words that ask to change data: the question is read as a write (write-intent-parser.ts). */
const WRITE_VERBS = new Set([
  'delete',
  'remove',
  'update',
  'set',
  'change',
  'insert',
  'add',
  'create',
  'drop',
  'truncate',
  'alter',
  'modify',
]);

/** The items of a question's words (`words`: the tokens, or the bare-tail rewrite of them) and the tokens skipped. */
type ItemizedWords = Itemized & { words: QuestionToken[]; skip: Set<number> };

/**
 * The offline engine's reading of one question, in stages (NaLIR/ATHENA style): tokens -> date range -> typed
 * mentions (itemize: schema names and stored values, lemmas, WordNet synonyms, typo corrections) -> confidence from
 * the words left over (question-confidence.ts) -> relation, ordering and share conditions -> the sketch the intent
 * builder fills (intent-parser.ts) -> sanity checks. Sketches: count, list with filters, top-N by a measure, singular superlatives (ties
 * included; "the longest river" by the column its adjective names), lookups of a row's columns by its name ("what is
 * the capital of texas"; unknown words after a final "of" only as the name of exactly one fitting table),
 * aggregate optionally grouped, date ranges, and simple single-table DELETE/UPDATE. Throws UnmappedQuestionError when any word that matters matches
 * neither the schema, the data's sample values nor the engine's vocabulary, when no table is named, or when a
 * word could mean two columns equally well: the engine never guesses.
 */
export function parseQuestion(
  question: string,
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
  options: ParseOptions,
): QueryIntent {
  question = withStockConditions(question, lexicon);
  const rewritten = parseRewritten(question, lexicon, planner, options);
  if (rewritten) return rewritten;
  const tokens = tokenizeQuestion(question);
  if (tokens.length === 0) throw new UnmappedQuestionError('the question has no words');
  const first = tokens[0].lower;
  if (WRITE_VERBS.has(first)) return parseWriteIntent(tokens, lexicon);
  if (first === 'where')
    throw new UnmappedQuestionError('it asks where something is, and it cannot tell which columns hold a location');
  let range: DateRange | null;
  try {
    range = parseDateRange(tokens, options.now);
  } catch (e) {
    throw new UnmappedQuestionError(`it names ${(e as Error).message}`);
  }
  const resolver = options.resolver;
  let r = itemizeWords(tokens, lexicon, new Set(range?.tokenIndexes ?? []), options);
  if (r.unknown.length || r.resolved.length) r = skipCompoundModifiers(r, lexicon, options);
  // "people in London": a word several tables are kinds of is asked about, one reading per table
  const which = askWhichTable(r.words, r.unknownAt, r.resolved, lexicon);
  if (which) throw which;
  // "orders not shipped": a stored status other than 'shipped', or no shipped date
  const negatedValue = askNegatedParticiple(r.words, mentionedTableKeys(r.items), lexicon);
  if (negatedValue) throw negatedValue;
  // "have been discontinued": a participle naming a nullable date column of a table the question names
  const participles = readParticipleDates(r.words, mentionedTableKeys(r.items), lexicon);
  // "active suppliers": a word naming a flag column of a table the question names
  const flags = readFlagWords(r.words, mentionedTableKeys(r.items), lexicon).filter(
    (f) => !participles.some((p) => p.tokenIndexes.includes(f.tokenIndexes[0])),
  );
  if (participles.length || flags.length) {
    for (const p of [...participles, ...flags]) for (const i of p.tokenIndexes) r.skip.add(i);
    r = { ...r, ...itemize(r.words, lexicon, r.skip, resolver) };
  }
  // "how many orders did each employee handle": a verb naming the one foreign key between the two tables
  const verb = relationVerbAt(r.words, r.unknownAt, r.items, lexicon, planner);
  if (verb !== null) {
    r.skip.add(verb);
    r = { ...r, ...itemize(r.words, lexicon, r.skip, resolver) };
  }
  resolveColumnCompounds(r.items, (a, b) => planner.distance(a, b) === 1);
  const { confidence, ignored } = weighUnknownWords(r.words, r.unknownAt, r.resolved, lexicon, range !== null);
  try {
    const intent = readIntentOf(r.items, { lexicon, planner, options, range, participles, flags });
    assertInformative(intent, lexicon, ignored.length, question);
    checkListedColumns(intent, r.items);
    return { ...intent, confidence, ...(intent.kind === 'list' && asksForRecords(question) ? { records: true } : {}) };
  } catch (e) {
    throw withIgnoredWords(e, ignored);
  }
}

/**
 * A question read by rewriting it into simpler ones parsed in turn: a list of columns ("name, price and stock of
 * ..."), a yes/no question, "how <adjective>", a duration, a comparison of two columns, a ratio; null for any other.
 */
function parseRewritten(
  question: string,
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
  options: ParseOptions,
): QueryIntent | null {
  const parse = (q: string) => parseQuestion(q, lexicon, planner, options);
  const listed = splitColumnList(question);
  if (listed) return withColumnList(parse(listed.body), listed.items, lexicon, planner);
  const yesNo = yesNoBody(question);
  if (yesNo !== null) return toYesNo(parse(`how many ${yesNo}`));
  return (
    howAdjectiveIntent(question, parse) ??
    durationIntent(question, lexicon, parse) ??
    columnComparisonIntent(question, lexicon, parse) ??
    ratioIntent(question, parse)
  );
}

/**
 * The items of `tokens` outside `skip`; when words match nothing, the items of the tokens with their bare tail read
 * as one literal (bareTailLiteral: "the population of Springfield").
 */
function itemizeWords(
  tokens: QuestionToken[],
  lexicon: SchemaLexicon,
  skip: Set<number>,
  options: ParseOptions,
): ItemizedWords {
  const first = itemize(tokens, lexicon, skip, options.resolver);
  const bare = first.unknown.length ? bareTailLiteral(tokens, first.unknownAt) : null;
  if (!bare) return { ...first, words: tokens, skip };
  return { ...itemize(bare, lexicon, skip, options.resolver), words: bare, skip };
}

/**
 * "job title": an unknown noun before a column named by the head noun alone only says which title (found before
 * WordNet synonyms are tried, which would read "job" as a "line"); such words are skipped and the words itemized
 * again. A word WordNet reads as a stored value ("CEO" for 'Chief Executive Officer') names rows, never which column.
 */
function skipCompoundModifiers(r: ItemizedWords, lexicon: SchemaLexicon, options: ParseOptions): ItemizedWords {
  const { words, skip } = r;
  const valueWords = new Set(
    r.resolved.filter((x) => x.how === 'value synonym').flatMap((x) => x.word.toLowerCase().split(/\s+/)),
  );
  const unplaced = itemize(words, lexicon, skip).unknownAt.filter(
    (i) => !valueWords.has(words[i].norm) && !valueWords.has(words[i].lower),
  );
  const modifiers = compoundModifiers(words, unplaced, lexicon, skip);
  if (!modifiers.length) return r;
  for (const i of modifiers) skip.add(i);
  return { ...r, ...itemize(words, lexicon, skip, options.resolver) };
}

/** What a question's read intent is built with besides its items. */
interface ReadContext {
  lexicon: SchemaLexicon;
  planner: JoinPlanner;
  options: ParseOptions;
  range: DateRange | null;
  participles: ParticipleDate[];
  flags: FlagWord[];
}

/**
 * The read intent of a question's `items`: the sketch the intent builder fills, with the relation, aggregate,
 * count-per-value, participle and flag conditions, the share and the ordering. Throws UnmappedQuestionError (or
 * AmbiguousQuestionError) when it cannot.
 */
function readIntentOf(items: Item[], c: ReadContext): ReadIntent {
  const { lexicon, planner } = c;
  const relations = [
    ...readRelationConditions(items, lexicon, planner),
    ...readAggregateConditions(items, lexicon, planner),
  ];
  const perValue = readCountPerValue(items, lexicon);
  const ordering = readOrdering(items);
  const share = readShare(items);
  const built = withParticiples(
    withCountPerValue(
      withRelations(new ReadIntentBuilder(items, lexicon, planner, c.range, c.options).build(), relations),
      perValue,
    ),
    c.participles,
    planner,
    c.flags,
  );
  return withNaturalOrder(withOrdering(share ? toShare(built, lexicon) : built, ordering, lexicon));
}

/** The tables that mentions of `items` name (as tables, or as the owners of columns they name). */
function mentionedTableKeys(items: readonly Item[]): string[] {
  return [
    ...new Set(
      items.flatMap((it) =>
        it.t === 'mention'
          ? it.targets.filter((t) => t.kind === 'table' || t.kind === 'column').map((t) => t.table)
          : [],
      ),
    ),
  ];
}

/**
 * `intent` with the conditions of participles read as date columns ("discontinued") and of words naming flag columns
 * ("active", flag-columns.ts), each on the subject's rows or
 * on a row each subject row points to; UnmappedQuestionError otherwise.
 */
function withParticiples(
  intent: ReadIntent,
  participles: readonly ParticipleDate[],
  planner: JoinPlanner,
  flags: readonly FlagWord[] = [],
): ReadIntent {
  if (!participles.length && !flags.length) return intent;
  for (const p of [...participles, ...flags]) {
    let reachable = p.ref.table === intent.subject;
    if (!reachable) {
      try {
        reachable = !planner.plan(intent.subject, [p.ref.table]).fansOut;
      } catch {
        reachable = false;
      }
    }
    if (!reachable || intent.ratio)
      throw new UnmappedQuestionError(`it could not tell which rows "${p.word}" describes`);
  }
  // "products discontinued in 2024": the period is of the participle's date, not of the row's own date
  const filters = intent.filters.map((f) => {
    const p = participles.find((x) => f.kind === 'dateRange' && x.ref.table === f.ref.table);
    if (!p || f.kind !== 'dateRange') return f;
    if (p.negated)
      throw new UnmappedQuestionError(`it could not tell which date "${f.label}" is of, with "not ${p.word}"`);
    return { ...f, ref: p.ref };
  });
  return { ...intent, filters: [...filters, ...participles.map(participleFilter), ...flags.map(flagFilter)] };
}
