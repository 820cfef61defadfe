/**
 * Money in the schema's words: which numeric columns hold amounts of money, and which table nouns name amounts of
 * money themselves ("payments", "invoices", "loans": "total payments" adds up their amounts, where "total orders"
 * counts orders). The nouns are told by WordNet, never by a list of one schema's names.
 */
import { isMoneyColumn } from '../sketches/intent-words';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { wordNet } from './wordnet-lexicon';

/** Numeric columns of `table` whose names say money (price, amount, total, ...), keys aside. */
export function moneyColumns(lex: SchemaLexicon, table: string): string[] {
  return lex.columnsOfKind(table, 'number').filter((c) => isMoneyColumn(c));
}

const MONEY_GLOSS = /\b(money|payment|charge)\b/;

/**
 * True when the first WordNet noun sense of `noun` (a singular lower-case word) is an amount of money: its gloss
 * names money ("payment": a sum of money paid; "invoice": an itemized statement of money owed; "loan"). False for
 * nouns whose first sense is something else ("order": a command) and for words WordNet does not know.
 */
export function isMoneyNoun(noun: string): boolean {
  const [first] = wordNet().synsets(noun, 'n', 1);
  return !!first && MONEY_GLOSS.test(first.gloss);
}

/**
 * The one money column of a table whose rows are amounts of money by their noun (see isMoneyNoun): `payments` ->
 * `amount`. Null when the noun is not money or the table has no or several money columns.
 */
export function amountOfMoneyTable(lex: SchemaLexicon, table: string): string | null {
  const words = lex.tableWords(table);
  if (!words.length || !isMoneyNoun(words[words.length - 1])) return null;
  const money = moneyColumns(lex, table);
  return money.length === 1 ? money[0] : null;
}
