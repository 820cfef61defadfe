/**
 * Which tables, columns and stored values the words of a question name, for the answer check (docs/architecture.md
 * "Answer check"). Deliberately conservative, since a warning on a right answer is a false alarm: a table or column
 * is linked only by its whole name (its words, stemmed with word-stemmer.ts, consecutive in the question: `total
 * amount` -> `orders.total_amount`, `customers` -> `customers`); a stored value only by its whole text, from the
 * column's sampled values (any letter case) or known values (as stored, capitalised, not the question's first word).
 */
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { stemWord } from '../word-stemmer';
import { eng as ENGLISH_STOP_WORDS } from 'stopword';
import { ROLE_ONLY_WORDS } from './question-words';
import { schemaLinkIndex, type SchemaLinkIndex } from './schema-link-index';

/** English function words (the stopword package's list, as the offline engine reads it): never linked. */
const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);

/** One linked phrase of the question. */
export interface SchemaLink {
  /** The question's words, as written (`total amount`, `CEO`). */
  phrase: string;
  kind: 'table' | 'column' | 'value';
  /** Stems of the linked name's words (table and column), or the value's lower-case text. */
  stems: string[];
  /** A value's columns: `table.column` of each column holding it. */
  columns: Array<{ table: TableSchema; column: string }>;
  /** The table a table link names. */
  table: TableSchema | null;
  /**
   * A table or column name right before another one (`population` in "population density"): it modifies the name
   * after it, which is what the SQL must use.
   */
  modifier: boolean;
  /** Index of the link's first word among the question's words. */
  at: number;
  /** A column link: the tables having a column of that name. */
  owners: TableSchema[];
  /** A value link: the code the question gives in parentheses right after it ("Chicago (ORD)" -> `ORD`). */
  code?: string;
}

/** One word of the question: as written, lower case, stem, and whether it is already taken by a link or a role. */
interface QuestionWord {
  text: string;
  lower: string;
  stem: string;
  taken: boolean;
}

/**
 * The schema links of `question` (see the file comment), longest name first, each word in at most one link; words
 * in `roleWords` (role phrases such as "order of"), ROLE_ONLY_WORDS ("total", "count", "number") and English function
 * words ("how", "did") are never linked. A value of a column holding one value only (every row's) is not linked.
 */
export function schemaLinks(question: string, schema: DatabaseSchema, roleWords: ReadonlySet<string>): SchemaLink[] {
  const words: QuestionWord[] = (question.match(/[\p{L}\p{N}]+/gu) ?? []).map((text) => {
    const lower = text.toLowerCase();
    const taken = roleWords.has(lower) || ROLE_ONLY_WORDS.has(lower) || STOP_WORDS.has(lower);
    return { text, lower, stem: stemWord(lower), taken };
  });
  const index = schemaLinkIndex(schema);
  const names = index.names;
  const links: SchemaLink[] = [];
  for (let size = 3; size >= 1; size--) {
    for (let i = 0; i + size <= words.length; i++) {
      const span = words.slice(i, i + size);
      if (span.some((w) => w.taken) || (size === 1 && span[0].lower.length < 3)) continue;
      const key = span.map((w) => w.stem).join(' ');
      const named = names.get(key);
      if (!named) continue;
      span.forEach((w) => (w.taken = true));
      links.push({
        phrase: span.map((w) => w.text).join(' '),
        kind: named.table ? 'table' : 'column',
        stems: key.split(' '),
        columns: [],
        table: named.table,
        modifier: false,
        at: i,
        owners: named.owners,
      });
    }
  }
  for (const l of links) l.modifier = links.some((n) => n.at === l.at + l.phrase.split(' ').length);
  const values = valueLinks(words, index);
  for (const link of values) {
    const code = new RegExp(`${escapeRegExp(link.phrase)}\\s*\\(\\s*([\\p{L}\\p{N}]+)\\s*\\)`, 'u').exec(question);
    if (code) link.code = code[1];
  }
  return [...links, ...values];
}

/**
 * Stored values named by free words of the question (see the file comment): the schema's linkable values
 * (schema-link-index.ts) whose initials are a word of the question or whose first word is one, in the schema's order.
 */
function valueLinks(words: QuestionWord[], index: SchemaLinkIndex): SchemaLink[] {
  const byText = new Map<string, SchemaLink>();
  const present = new Set(words.map((w) => w.lower));
  const candidates = new Set<number>();
  for (const word of words) {
    for (const at of index.byInitials.get(word.text) ?? []) candidates.add(at);
    for (const at of index.byFirstWord.get(word.lower) ?? []) candidates.add(at);
  }
  for (const at of [...candidates].sort((a, b) => a - b)) {
    const entry = index.values[at];
    const column = { table: entry.table, column: entry.column };
    const acronym = entry.initials ? words.findIndex((w) => !w.taken && w.text === entry.initials) : -1;
    if (acronym >= 0) {
      addValue(byText, entry.lower, words[acronym].text, column);
      words[acronym].taken = true;
      continue;
    }
    if (!entry.parts || !present.has(entry.lower.split(/[^\p{L}\p{N}]/u)[0])) continue;
    const found = findFree(words, entry.parts, entry.exact);
    if (found < 0) continue;
    const phrase = words
      .slice(found, found + entry.parts.length)
      .map((w) => w.text)
      .join(' ');
    addValue(byText, entry.lower, phrase, column);
  }
  for (const link of byText.values()) {
    const parts = link.stems[0].match(/[\p{L}\p{N}]+/gu) ?? [];
    const at = findFree(words, parts, null);
    if (at >= 0) words.slice(at, at + parts.length).forEach((w) => (w.taken = true));
  }
  return [...byText.values()];
}

/**
 * Index of the first run of free question words equal to `parts` (lower case); with `exact`, the words must be
 * spelled as `exact` (letter case too), start with a capital and not be the question's first word. -1 when none.
 */
function findFree(words: QuestionWord[], parts: string[], exact: string | null): number {
  if (exact !== null && !/^\p{Lu}/u.test(exact)) return -1;
  for (let i = exact === null ? 0 : 1; i + parts.length <= words.length; i++) {
    const span = words.slice(i, i + parts.length);
    if (span.some((w, k) => w.taken || w.lower !== parts[k])) continue;
    if (exact !== null && span.map((w) => w.text).join(' ') !== exact.replace(/[^\p{L}\p{N}]+/gu, ' ')) continue;
    return i;
  }
  return -1;
}

function addValue(
  byText: Map<string, SchemaLink>,
  lower: string,
  phrase: string,
  column: { table: TableSchema; column: string },
): void {
  const link = byText.get(lower) ?? {
    phrase,
    kind: 'value' as const,
    stems: [lower],
    columns: [],
    table: null,
    modifier: false,
    at: -1,
    owners: [],
  };
  link.columns.push(column);
  byText.set(lower, link);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
