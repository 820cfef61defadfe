import type { EarlierTurn } from '../engine-types';
import type { JoinPlanner } from '../linking/join-planner';
import { isWriteIntent, type Filter, type QueryIntent, type ReadIntent } from './query-intent';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { pluralize } from '../words/word-forms';

/** Words that open a follow-up: "and in 2024?", "what about Canada?", "how about last year?", "only shipped ones". */
const OPENERS = /^\s*(and|also|but|now|then|what about|how about|same for|same but|only|just)\b[\s,]*/i;

/** Pronouns that stand for the previous question's rows: "how many of them are in Canada?". */
const PRONOUNS = /\b(them|they|those|these|ones|that one|it)\b/gi;

/** "how many have ...", "how many were ...": a count whose rows are the previous question's (no noun after it). */
const COUNT_OF_SAME =
  /^\s*how\s+many\s+(?=(have|has|had|are|is|were|was|did|do|does|got|received|with|without|cost|came)\b)/i;

/** True when the question reads as a follow-up of an earlier one (an opener word or a pronoun for its rows). */
export function looksLikeFollowUp(question: string): boolean {
  return OPENERS.test(question) || new RegExp(PRONOUNS.source, 'i').test(question);
}

/**
 * Reads `question` as a follow-up of the newest answered turn of `conversation` (the conversational
 * text-to-SQL setting of CoSQL/SParC, where a turn inherits the previous turn's subject and constraints):
 * - filters only ("and in 2024?", "what about Canada?"): the previous question with those filters, each replacing a
 *   previous filter on the same column (a date range replaces a date range);
 * - a new question about the same rows ("and how many of them are in Canada?"): the pronoun stands for the previous
 *   subject, and the previous filters are kept unless the new question replaces them;
 * - a count of the same rows with a condition of its own, the measure changed ("How many reviews are there?" ->
 *   "and how many have a rating of 5?"): the previous subject is counted, with its filters and the new ones.
 * `parse` reads one question on its own (throws when it cannot); `parsePrevious` reads the previous question (default
 * `parse`; the engine's applies the business definitions that question used). Returns null when there is no previous turn, the
 * previous question does not parse, or neither reading applies; errors of `parse` on the rewritten question
 * propagate only through a null result.
 */
export function followUpIntent(
  question: string,
  conversation: readonly EarlierTurn[] | undefined,
  parse: (question: string) => QueryIntent,
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
  parsePrevious: (question: string) => QueryIntent = parse,
): ReadIntent | null {
  const last = conversation?.[conversation.length - 1];
  if (!last) return null;
  let previous: QueryIntent;
  try {
    previous = parsePrevious(last.question);
  } catch {
    return null;
  }
  if (isWriteIntent(previous)) return null;
  const noun = pluralize(tableNoun(lexicon.table(previous.subject)));
  const body = question.replace(OPENERS, '').replace(/[?.!]+\s*$/, '');
  const hadPronoun = new RegExp(PRONOUNS.source, 'i').test(body);
  const rewritten = body.replace(PRONOUNS, noun).replace(/\b(of|among)\s+(?=\S+\s*$)/i, '');
  // "and how many have a rating of 5?": a count of the previous rows, with a condition of its own
  if (COUNT_OF_SAME.test(body)) {
    const current = tryParse(() => parse(body.replace(COUNT_OF_SAME, `how many ${noun} `)));
    if (current && current.kind === 'count' && current.subject === previous.subject && !current.group) {
      return { ...current, filters: mergeFilters(previous.filters, current.filters) };
    }
  }
  // a whole question about the same rows
  if (hadPronoun) {
    const current = tryParse(() => parse(rewritten));
    const asksList = /^\s*(list|show|give|display|which|what|who)\b/i.test(body);
    if (
      current &&
      current.kind === 'list' &&
      !asksList &&
      current.subject === previous.subject &&
      current.columns.length === 0
    ) {
      // "only those in 2024": the previous question, narrowed
      return { ...previous, filters: mergeFilters(previous.filters, current.filters) };
    }
    if (current)
      return {
        ...current,
        filters: mergeFilters(
          previous.filters.filter((f) => planner.distance(current.subject, f.ref.table) !== Infinity),
          current.filters,
        ),
      };
  }
  // filters only: read them as a list of the previous subject
  const filtersOnly = tryParse(() => parse(`${noun} ${rewritten}`));
  if (
    filtersOnly &&
    filtersOnly.kind === 'list' &&
    filtersOnly.subject === previous.subject &&
    filtersOnly.filters.length > 0 &&
    filtersOnly.columns.length === 0
  ) {
    return { ...previous, filters: mergeFilters(previous.filters, filtersOnly.filters) };
  }
  return null;
}

function tryParse(read: () => QueryIntent): ReadIntent | null {
  try {
    const intent = read();
    return isWriteIntent(intent) ? null : intent;
  } catch {
    return null;
  }
}

/** `earlier` filters with every one on a column that `later` also filters (any date range, for a range) replaced. */
export function mergeFilters(earlier: readonly Filter[], later: readonly Filter[]): Filter[] {
  const replaced = (f: Filter) =>
    later.some((g) =>
      f.kind === 'related' || g.kind === 'related'
        ? f.kind === 'related' && g.kind === 'related' && f.table === g.table
        : (f.kind === 'dateRange' && g.kind === 'dateRange') ||
          (g.ref.table === f.ref.table && g.ref.column === f.ref.column),
    );
  return [...earlier.filter((f) => !replaced(f)), ...later];
}
