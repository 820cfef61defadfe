/**
 * Stock as a quantity on hand: "out of stock" is the stock column = 0, "in stock" > 0.
 * A stock column is a numeric column named by a word of WordNet's sense "the merchandise that a shop has on hand"
 * (stock, inventory: `stock_quantity`, `UnitsInStock`, `inventory_count`) or by "on hand" (`quantity_on_hand`);
 * never by a list of one schema's names.
 */
import { AmbiguousQuestionError, qualifiedName } from '../checks/ambiguous-reading';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizedWords } from '../words/word-forms';
import { wordNet } from '../words/wordnet-lexicon';
import { tableNoun } from '../linking/schema-lexicon';

/** "out of stock", "not in stock", "in stock", "in inventory": the condition and the word naming the stock. */
const STOCK_PHRASE = /\b(out of|not in|in)\s+(stock|inventory)\b/i;

/** The words of the WordNet sense of `word` that is merchandise on hand (its gloss says so), lower case. */
function onHandWords(word: string): string[] {
  const sense = wordNet()
    .synsets(word.toLowerCase(), 'n')
    .find((s) => /\bon hand\b/.test(s.gloss));
  return sense ? sense.words : [word.toLowerCase()];
}

/** Numeric columns of the schema that hold a quantity on hand, named by one of `words` or by "on hand". */
export function stockColumns(lex: SchemaLexicon, words: readonly string[]): Array<{ table: string; column: string }> {
  const out: Array<{ table: string; column: string }> = [];
  for (const table of lex.tables.keys()) {
    for (const column of lex.columnsOfKind(table, 'number')) {
      const cw = normalizedWords(column);
      if (cw.some((w) => words.includes(w)) || cw.join(' ').includes('on hand')) out.push({ table, column });
    }
  }
  return out;
}

/**
 * `question` with "out of stock" / "in stock" restated as a condition on the stock column the engine reads one way
 * (`products.stock_quantity = 0`, `> 0`); unchanged when it has no such phrase or the schema no stock column. With
 * stock columns in several tables, those of tables the question names are kept; two or more left are asked about
 * (AmbiguousQuestionError, one reading a column).
 */
export function withStockConditions(question: string, lex: SchemaLexicon): string {
  const m = STOCK_PHRASE.exec(question);
  if (!m) return question;
  let columns = stockColumns(lex, onHandWords(m[2]));
  if (!columns.length) return question;
  const asked = new Set(normalizedWords(question));
  const named = columns.filter((c) => lex.tableWords(c.table).every((w) => asked.has(w)));
  if (named.length) columns = named;
  const condition = (c: { table: string; column: string }) =>
    `${qualifiedName(lex, c.table, c.column)} ${/^in$/i.test(m[1]) ? '>' : '='} 0`;
  if (columns.length > 1) {
    throw new AmbiguousQuestionError(
      `"${m[0]}" could mean ${columns.map((c) => `${c.table}.${c.column}`).join(' or ')}`,
      columns.map((c) => ({
        label: `${humanize(c.column)} of ${tableNoun(lex.table(c.table))}`,
        phrase: m[0],
        replacement: condition(c),
      })),
      `Which stock do you mean?`,
    );
  }
  return question.replace(m[0], condition(columns[0]));
}
