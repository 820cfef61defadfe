import type { Dialect } from '@nlq/contracts';
import { negationBefore } from './participle-dates';
import type { ColumnRef, Filter } from './query-intent';
import type { QuestionToken } from '../words/question-tokenizer';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { splitIdentifier } from '../words/word-forms';

/** A word read as a flag column of a table the question names, and the question tokens it used. */
export interface FlagWord {
  tokenIndexes: number[];
  ref: ColumnRef;
  negated: boolean;
  word: string;
}

/** Declared types of true/false columns. */
const BOOLEAN_TYPE = /^(bool|boolean|bit|tinyint\(1\))$/i;
/** Prefixes of a flag's name: `is_active`, `has_stock`. */
const FLAG_PREFIX = new Set(['is', 'has', 'flag']);

/**
 * A modifier backed by a flag column (docs/architecture.md "The offline engine", precision before coverage):
 * "active suppliers" -> `is_active` set, "discontinued products" -> a `discontinued` flag set, "not active" -> not
 * set. A flag column of `table` is named by `word` when its name is the word, or the word after is/has ("is_active"),
 * and it holds true/false: a boolean type, or a number type with an is/has prefix or a participle name (ending in
 * -ed). Returns the one column, or null (several, or none: the word is read, or refused, as before).
 */
function flagColumn(lexicon: SchemaLexicon, table: string, word: string): string | null {
  const hits = lexicon.table(table).columns.filter((c) => {
    const words = splitIdentifier(c.name).map((w) => w.toLowerCase());
    const prefixed = words.length === 2 && FLAG_PREFIX.has(words[0]);
    const named = (words.length === 1 && words[0] === word) || (prefixed && words[1] === word);
    if (!named) return false;
    if (BOOLEAN_TYPE.test(c.type.trim())) return true;
    return (
      lexicon.storesNumbers(table, c.name) &&
      (prefixed || /ed$/.test(word)) &&
      lexicon.columnKind(table, c.name) !== 'id'
    );
  });
  return hits.length === 1 ? hits[0].name : null;
}

/**
 * The words of the question naming exactly one flag column among the tables the question names (`tables`), each
 * with a "not"/"never" before it read as its negation. Words that name none, or one in several tables, are left to
 * the other readers.
 */
export function readFlagWords(
  tokens: readonly QuestionToken[],
  tables: readonly string[],
  lexicon: SchemaLexicon,
): FlagWord[] {
  const out: FlagWord[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== 'word') continue;
    const word = tokens[i].lower;
    const hits = [...new Set(tables)].flatMap((table) => {
      const column = flagColumn(lexicon, table, word);
      return column ? [{ table, column }] : [];
    });
    if (hits.length !== 1) continue;
    const j = negationBefore(tokens, i);
    out.push({ tokenIndexes: j >= 0 ? [i, j] : [i], ref: hits[0], negated: j >= 0, word });
  }
  return out;
}

/** The condition of a flag word. */
export function flagFilter(f: FlagWord): Filter {
  return { kind: 'flag', ref: f.ref, negated: f.negated, label: f.negated ? `not ${f.word}` : f.word };
}

/**
 * SQL of a flag condition on the written column `c`: `c = TRUE` / `c = FALSE` for a PostgreSQL boolean (which
 * compares no integer), else `c = 1` / `c = 0` (SQLite, MySQL/MariaDB and SQL Server store flags as 1 and 0).
 */
export function flagSql(
  c: string,
  f: Extract<Filter, { kind: 'flag' }>,
  lexicon: SchemaLexicon,
  dialect: Dialect,
): string {
  const type = lexicon.column(f.ref.table, f.ref.column).type.trim();
  const pgBoolean = dialect === 'postgresql' && /^bool(ean)?$/i.test(type);
  if (pgBoolean) return `${c} = ${f.negated ? 'FALSE' : 'TRUE'}`;
  return `${c} = ${f.negated ? 0 : 1}`;
}
