import type { JoinPlanner } from '../linking/join-planner';
import type { ColumnRef, QueryIntent } from './query-intent';
import { isWriteIntent } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { RECORD_WORDS } from '../words/question-vocabulary';
import { normalizedWords } from '../words/word-forms';

/**
 * A sentence that lists the columns wanted: "The resultant table should include: - Customer's full name - Customer
 * Id", "Show the following columns: name, email". Group 1 is the list.
 */
const COLUMN_LIST =
  /(?:^|[.?!;]\s*)(?:the\s+)?(?:resultant|resulting|result|output|final)?\s*(?:table|result|results|output|report|query|answer)?\s*(?:should|must|will|needs?\s+to|to)?\s*(?:include|contain|show|have|list|display|return)s?\s*(?:the\s+following)?\s*(?:columns?|fields?)?\s*:\s*(.+)$/is;

/** A listed column that asks for groups without rows too: "(even if it's zero)", "including those with none". */
const EMPTY_GROUPS =
  /\beven\s+if\s+(?:it\s*['’]?\s*s|it\s+is|there\s+are)\s+(?:zero|none|0|no\b)|\bincluding\s+(?:those\s+with\s+)?(?:zero|none)\b/i;

/** A closing sentence that names the columns: "… ? Give both city names and the population." */
const COLUMN_SENTENCE =
  /(?<=[.?!])\s+(?:please\s+)?(?:give|return|show|list|display|include)\s+(?:me\s+|us\s+)?(?:both\s+|all\s+)?(.+?)\s*[.?!]?\s*$/is;

/** true when the question asks for whole records ({@link RECORD_WORDS}: "details", "rows", "a query showing"). */
export function asksForRecords(question: string): boolean {
  return normalizedWords(question).some((w) => RECORD_WORDS.has(w));
}

/** A question split into what it asks and the columns it lists for the answer. */
export interface ColumnListRequest {
  /** The question without the column list. */
  body: string;
  /** The listed column phrases, as written. */
  items: string[];
}

/**
 * Splits "… The resultant table should include: - A - B, - C" (or a closing "Give both A and B.") into the question
 * and its column phrases (bullets, commas, semicolons, "and" or new lines separate them). Null when the question
 * lists no columns.
 */
export function splitColumnList(question: string): ColumnListRequest | null {
  const m = COLUMN_LIST.exec(question) ?? COLUMN_SENTENCE.exec(question);
  if (!m || m.index === undefined) return null;
  const items = m[1]
    .split(/\s+-\s+|^\s*-\s*|\n|,|;|\s+and\s+/)
    .map((s) => s.replace(/^[\s\-–•*]+|[\s.,;]+$/g, ''))
    .filter((s) => s.length > 0);
  const body = question.slice(0, m.index + (/^[.?!;]/.test(m[0]) ? 1 : 0)).trim();
  return items.length && body ? { body, items } : null;
}

/**
 * The list (or ranking) `intent` showing exactly the listed columns, in order: each phrase names a column of the listed rows or
 * of a row they reach along foreign keys ("Customer Id", "Billing country", "date of the invoice" = invoice date),
 * or a row's full name (first and last name shown as one value). Other readings (counts, groups, rankings) already
 * define their columns and come back unchanged.
 * @throws UnmappedQuestionError naming a phrase that matches no column.
 */
export function withColumnList(
  intent: QueryIntent,
  items: string[],
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
): QueryIntent {
  if (isWriteIntent(intent)) return intent;
  // groups come from the rows joined, so a group with no rows never shows: say so rather than drop it silently
  if (intent.group && items.some((item) => EMPTY_GROUPS.test(item)))
    throw new UnmappedQuestionError('it cannot list groups that have no rows ("even if it is zero")');
  if ((intent.kind !== 'list' && intent.kind !== 'top') || intent.group) return intent;
  const columns = items.map((item) => {
    const ref = listedColumn(item, intent.subject, lexicon, planner);
    if (!ref || (intent.kind === 'top' && (ref.table !== intent.subject || ref.joined)))
      throw new UnmappedQuestionError(`it could not tell which column "${item}" is`);
    return ref;
  });
  return intent.kind === 'list' ? { ...intent, columns, lookup: false } : { ...intent, columns };
}

/** The column one listed phrase names (see withColumnList), or null. */
function listedColumn(item: string, subject: string, lexicon: SchemaLexicon, planner: JoinPlanner): ColumnRef | null {
  const text = item
    .replace(/['’]s\b/g, '')
    .replace(/^(the|a|an)\s+/i, '')
    .trim();
  const of = /^(.+?)\s+of\s+(?:the\s+|each\s+)?(.+)$/i.exec(text);
  for (const variant of [text, ...(of ? [`${of[2]} ${of[1]}`] : [])]) {
    const words = normalizedWords(variant);
    const name = fullName(words, subject, lexicon, planner);
    if (name) return name;
    const found = nearest(
      lexicon
        .phraseTargets(words.join(' '))
        .filter((t): t is Extract<typeof t, { kind: 'column' }> => t.kind === 'column'),
      subject,
      planner,
    );
    if (found) return found;
  }
  return null;
}

/** "<table> full name" / "<table> name": the table's label, first and last name joined as `full_name`. */
function fullName(words: string[], subject: string, lexicon: SchemaLexicon, planner: JoinPlanner): ColumnRef | null {
  if (words[words.length - 1] !== 'name') return null;
  const full = words[words.length - 2] === 'full';
  const owner = words.slice(0, full ? -2 : -1).join(' ');
  const tables = owner
    ? lexicon
        .phraseTargets(owner)
        .filter((t) => t.kind === 'table')
        .map((t) => t.table)
    : [subject];
  const table = tables.find((t) => planner.distance(subject, t) < Infinity);
  if (!table) return null;
  const labels = lexicon.nameColumns(table);
  if (!labels) return null;
  if (labels.length === 1) return full ? null : { table, column: labels[0] };
  const [first, ...rest] = labels;
  return { table, column: first, joined: { with: rest.map((column) => ({ table, column })), alias: 'full_name' } };
}

/** The column among `targets` in the table nearest to `subject` along foreign keys; null when none or tied. */
function nearest(
  targets: Array<{ table: string; column: string; exact: boolean }>,
  subject: string,
  planner: JoinPlanner,
): ColumnRef | null {
  const ranked = targets
    .map((t) => ({ t, d: planner.distance(subject, t.table) + (t.exact ? 0 : 0.5) }))
    .filter((r) => r.d < Infinity)
    .sort((a, b) => a.d - b.d);
  if (!ranked.length || (ranked.length > 1 && ranked[1].d === ranked[0].d)) return null;
  return { table: ranked[0].t.table, column: ranked[0].t.column };
}
