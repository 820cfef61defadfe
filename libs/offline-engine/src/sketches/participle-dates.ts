/**
 * A past participle naming a nullable date column as a condition: "How many products have
 * been discontinued?" -> `discontinued_at IS NOT NULL`; "products not discontinued" -> IS NULL. The column's name is
 * the participle and a date word (`discontinued_at`, `discontinued_on`, `date_discontinued`); the date being set is
 * the event having happened. Read only for a word that matches nothing else: a stored value ("shipped" in a status
 * column) is read as the value, as before; negated, a stored value that also names such a column ("orders not
 * shipped": a status other than 'shipped', which leaves out delivered orders that were shipped too, or no shipped
 * date) is asked back (`askNegatedParticiple`). The restated date reading is "without orders.shipped_at".
 */
import {
  AmbiguousQuestionError,
  qualifiedName,
  restatedLiteral,
  type AmbiguousReading,
} from '../checks/ambiguous-reading';
import { pluralWords } from './intent-words';
import type { QuestionToken } from '../words/question-tokenizer';
import type { ColumnRef, Filter } from './query-intent';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { verbLemma } from '../words/word-lemmas';
import { humanize, splitIdentifier } from '../words/word-forms';

/** A participle read as a date column set (or, negated, not set), and the question tokens it used. */
export interface ParticipleDate {
  tokenIndexes: number[];
  ref: ColumnRef;
  negated: boolean;
  word: string;
}

const DATE_WORDS = new Set(['at', 'on', 'date', 'time', 'timestamp', 'datetime', 'dt', 'when']);
const AUXILIARIES = new Set([
  'been',
  'be',
  'being',
  'was',
  'were',
  'is',
  'are',
  'has',
  'have',
  'had',
  'yet',
  'ever',
  'already',
  'got',
  'get',
  'gotten',
]);
const NEGATIONS = new Set([
  'not',
  'never',
  'without',
  'no',
  "haven't",
  "hasn't",
  "weren't",
  "wasn't",
  "isn't",
  "aren't",
  "hadn't",
  'havent',
  'hasnt',
  'werent',
  'wasnt',
  'isnt',
  'arent',
]);

/** The nullable date columns of `table` named by the participle `word` and a date word. */
function participleColumns(lexicon: SchemaLexicon, table: string, word: string): string[] {
  return lexicon
    .table(table)
    .columns.filter((c) => c.nullable && lexicon.columnKind(table, c.name) === 'date')
    .filter((c) => {
      const words = splitIdentifier(c.name).map((w) => w.toLowerCase());
      const rest = words.filter((w) => !DATE_WORDS.has(w));
      return rest.length === 1 && rest[0] === word && words.length > 1;
    })
    .map((c) => c.name);
}

/** The columns of `tables` where `word` is a stored value (then it is read as that value), with the value as stored. */
function valueColumns(
  lexicon: SchemaLexicon,
  tables: readonly string[],
  word: string,
): Array<{ table: string; column: string; value: string }> {
  return [...new Set(tables)].flatMap((table) =>
    lexicon.table(table).columns.flatMap((c) => {
      const value = (c.sampleValues ?? []).find((v) => v.toLowerCase() === word);
      return value === undefined ? [] : [{ table, column: c.name, value }];
    }),
  );
}

/** The index of the negation before the participle at `i` (past auxiliaries skipped: "haven't been"), or -1. */
export function negationBefore(tokens: readonly QuestionToken[], i: number): number {
  let j = i - 1;
  while (j >= 0 && AUXILIARIES.has(tokens[j].lower)) j--;
  return j >= 0 && NEGATIONS.has(tokens[j].lower) ? j : -1;
}

/** A nullable date column named `table.column` as the engine's restated questions write it, or null. */
function qualifiedDate(lexicon: SchemaLexicon, token: QuestionToken): { table: string; column: string } | null {
  if (token.kind !== 'qualified') return null;
  const [t] = lexicon.qualifiedColumns(token.raw);
  const column = t && lexicon.table(t.table).columns.find((c) => c.name === t.column);
  return column && column.nullable && lexicon.columnKind(t.table, t.column) === 'date'
    ? { table: t.table, column: t.column }
    : null;
}

/**
 * The participles among the question's words that name exactly one nullable date column of the tables in `tables`
 * and no stored value of them, each with a "not"/"never" before it (past auxiliaries: "haven't been") read as its
 * negation. Words that name none, or several, are left to the other readers (refused as before when unknown).
 */
export function readParticipleDates(
  tokens: readonly QuestionToken[],
  tables: readonly string[],
  lexicon: SchemaLexicon,
): ParticipleDate[] {
  const out: ParticipleDate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // "without orders.shipped_at": a restated question naming the date column itself
    const named = qualifiedDate(lexicon, tokens[i]);
    if (named && negationBefore(tokens, i) >= 0) {
      out.push({
        tokenIndexes: [i, negationBefore(tokens, i)],
        ref: named,
        negated: true,
        word: humanize(named.column),
      });
      continue;
    }
    const word = tokens[i].kind === 'word' ? tokens[i].lower : '';
    if (!/(ed|en|wn)$/.test(word) || verbLemma(word) === null || valueColumns(lexicon, tables, word).length) continue;
    const hits = dateHits(lexicon, tables, word);
    if (hits.length !== 1) continue;
    const j = negationBefore(tokens, i);
    out.push({ tokenIndexes: j >= 0 ? [i, j] : [i], ref: hits[0], negated: j >= 0, word });
  }
  return out;
}

/** The nullable date columns of `tables` the participle `word` names. */
function dateHits(
  lexicon: SchemaLexicon,
  tables: readonly string[],
  word: string,
): Array<{ table: string; column: string }> {
  return [...new Set(tables)].flatMap((table) =>
    participleColumns(lexicon, table, word).map((column) => ({ table, column })),
  );
}

/**
 * A negated participle that is both a stored value of `tables` and names exactly one nullable date column of them:
 * "Which orders have not been shipped?" is a status other than 'shipped' (leaving out orders delivered, which were
 * shipped too) or no shipped date; the two readings are asked back, one per column holding the value and
 * one for the date ("without orders.shipped_at"). The positive form ("orders shipped to Germany") stays the value.
 * Returns the AmbiguousQuestionError to throw, or null.
 */
export function askNegatedParticiple(
  tokens: readonly QuestionToken[],
  tables: readonly string[],
  lexicon: SchemaLexicon,
): AmbiguousQuestionError | null {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].kind === 'word' ? tokens[i].lower : '';
    if (!/(ed|en|wn)$/.test(word) || verbLemma(word) === null) continue;
    const j = negationBefore(tokens, i);
    const values = valueColumns(lexicon, tables, word);
    const hits = dateHits(lexicon, tables, word);
    if (j < 0 || !values.length || hits.length !== 1) continue;
    const phrase = tokens
      .slice(j, i + 1)
      .map((t) => t.raw)
      .join(' ');
    const date = hits[0];
    const noun = pluralWords(tableNoun(lexicon.table(date.table)));
    const readings: AmbiguousReading[] = [
      ...values.map((v) => ({
        label: `${pluralWords(tableNoun(lexicon.table(v.table)))} whose ${humanize(v.column)} is other than '${v.value}'`,
        phrase,
        replacement: `${qualifiedName(lexicon, v.table, v.column)} <> ${restatedLiteral(v.value)}`,
      })),
      {
        label: `${noun} with no ${word} date (${date.column} not set)`,
        phrase,
        replacement: `without ${qualifiedName(lexicon, date.table, date.column)}`,
      },
    ];
    return new AmbiguousQuestionError(
      `"${phrase}" could mean a stored value other than '${values[0].value}' or no ${humanize(date.column)} date`,
      readings,
      `Do you mean ${readings.map((r) => r.label).join(', or ')}?`,
    );
  }
  return null;
}

/** The condition of a participle read as a date column: set (IS NOT NULL) or, negated, not set (IS NULL). */
export function participleFilter(p: ParticipleDate): Filter {
  return { kind: 'isNull', ref: p.ref, negated: !p.negated, label: p.negated ? `not ${p.word}` : p.word };
}
