/**
 * A past participle naming a nullable date column as a condition (issue 22, general form 6): "How many products have
 * been discontinued?" -> `discontinued_at IS NOT NULL`; "products not discontinued" -> IS NULL. The column's name is
 * the participle and a date word (`discontinued_at`, `discontinued_on`, `date_discontinued`); the date being set is
 * the event having happened. Read only for a word that matches nothing else: a stored value ("shipped" in a status
 * column) is read as the value, as before.
 */
import type { QuestionToken } from './question-tokenizer';
import type { ColumnRef, Filter } from './query-intent';
import type { SchemaLexicon } from './schema-lexicon';
import { verbLemma } from './word-lemmas';
import { splitIdentifier } from './word-forms';

/** A participle read as a date column set (or, negated, not set), and the question tokens it used. */
export interface ParticipleDate {
  tokenIndexes: number[];
  ref: ColumnRef;
  negated: boolean;
  word: string;
}

const DATE_WORDS = new Set(['at', 'on', 'date', 'time', 'timestamp', 'datetime', 'dt', 'when']);
const AUXILIARIES = new Set(['been', 'be', 'being', 'was', 'were', 'is', 'are', 'has', 'have', 'had', 'yet', 'ever', 'already', 'got', 'get', 'gotten']);
const NEGATIONS = new Set(['not', 'never', "haven't", "hasn't", "weren't", "wasn't", "isn't", "aren't", "hadn't", 'havent', 'hasnt', 'werent', 'wasnt', 'isnt', 'arent']);

/** The nullable date columns of `table` named by the participle `word` and a date word. */
function participleColumns(lexicon: SchemaLexicon, table: string, word: string): string[] {
  return lexicon.table(table).columns
    .filter((c) => c.nullable && lexicon.columnKind(table, c.name) === 'date')
    .filter((c) => {
      const words = splitIdentifier(c.name).map((w) => w.toLowerCase());
      const rest = words.filter((w) => !DATE_WORDS.has(w));
      return rest.length === 1 && rest[0] === word && words.length > 1;
    })
    .map((c) => c.name);
}

/** True when `word` is a stored value of a column of `tables` (then it is read as that value). */
function storedValue(lexicon: SchemaLexicon, tables: readonly string[], word: string): boolean {
  return tables.some((t) => lexicon.table(t).columns.some((c) => (c.sampleValues ?? []).some((v) => v.toLowerCase() === word)));
}

/**
 * The participles among the question's words that name exactly one nullable date column of the tables in `tables`
 * and no stored value of them, each with a "not"/"never" before it (past auxiliaries: "haven't been") read as its
 * negation. Words that name none, or several, are left to the other readers (refused as before when unknown).
 */
export function readParticipleDates(tokens: readonly QuestionToken[], tables: readonly string[], lexicon: SchemaLexicon): ParticipleDate[] {
  const out: ParticipleDate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].kind === 'word' ? tokens[i].lower : '';
    if (!/(ed|en|wn)$/.test(word) || verbLemma(word) === null || storedValue(lexicon, tables, word)) continue;
    const hits = [...new Set(tables)].flatMap((table) => participleColumns(lexicon, table, word).map((column) => ({ table, column })));
    if (hits.length !== 1) continue;
    const used = [i];
    let j = i - 1;
    while (j >= 0 && AUXILIARIES.has(tokens[j].lower)) j--;
    const negated = j >= 0 && NEGATIONS.has(tokens[j].lower);
    if (negated) used.push(j);
    out.push({ tokenIndexes: used, ref: hits[0], negated, word });
  }
  return out;
}

/** The condition of a participle read as a date column: set (IS NOT NULL) or, negated, not set (IS NULL). */
export function participleFilter(p: ParticipleDate): Filter {
  return { kind: 'isNull', ref: p.ref, negated: !p.negated, label: p.negated ? `not ${p.word}` : p.word };
}
