import type { Dialect } from '@nlq/contracts';
import { quoteIdentifierIfNeeded } from '../identifier-quoting';
import { identifierText, tokenizeSql } from './sql-tokenizer';

/**
 * An SQL expression written against one table with bare column names (a dbt semantic model's `expr`, e.g.
 * `case when is_food_item then price end`) rewritten with every column of that table qualified by it
 * (`case when order_items.is_food_item then order_items.price end`), so that nlq's definition check knows the
 * table (docs/knowledge.md "Checked when saved"). A name is a column when it is a bare or quoted identifier token
 * naming one of `columns` (any case), not after a `.` and not before `(` (a function). Strings, numbers and keywords
 * are kept as written. Pure; the result is checked like any definition, so nothing here needs to be trusted.
 */
export function qualifyColumns(text: string, table: string, columns: readonly string[], dialect: Dialect): string {
  const names = new Set(columns.map((c) => c.toLowerCase()));
  const { tokens } = tokenizeSql(text, dialect);
  const prefix = `${quoteIdentifierIfNeeded(table, dialect)}.`;
  let out = '';
  let at = 0;
  tokens.forEach((token, i) => {
    if (token.type !== 'word' && token.type !== 'quoted') return;
    if (!names.has(identifierText(token))) return;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (before?.text === '.' || after?.text === '(' || after?.text === '.') return;
    out += text.slice(at, token.start) + prefix + token.text;
    at = token.end;
  });
  return out + text.slice(at);
}
