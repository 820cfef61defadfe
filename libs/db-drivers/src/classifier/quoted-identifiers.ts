import type { Dialect } from '@nlq/contracts';
import type { AstNode } from './parse-result';
import { tokenizeSql } from './sql-tokenizer';

/**
 * Quoted identifiers that node-sql-parser 5.4 cannot read, swapped for plain placeholders before a parse and put back
 * in its AST afterwards (measured: its grammars reject `"a""b"` in PostgreSQL and `` `a``b` `` in SQLite, keep the
 * doubled quote in the name elsewhere (`a""b`), and its SQLite grammar rejects `[name]` altogether). The engines
 * themselves read a doubled closing quote inside a quoted identifier as one quote character (PostgreSQL manual 4.1.1
 * "Identifiers and Key Words"; SQLite "SQLite Keywords"; MySQL 8.0 manual 11.2 "Schema Object Names"; SQL Server
 * QUOTENAME), and SQLite accepts `[name]` for compatibility with SQL Server.
 */
export interface MaskedIdentifiers {
  /** The SQL with each masked identifier replaced by its placeholder, quoted the same grammar's way. */
  text: string;
  /** Placeholder (as the parser stores it) -> the identifier's real name, quotes removed and escapes undone. */
  names: Map<string, string>;
  /** Offset in `text` -> offset in the original SQL (for a parser error's position). */
  originalOffset(offset: number): number;
}

/** Opening quote -> closing quote of a quoted identifier token. */
const CLOSING = new Map([
  ['"', '"'],
  ['`', '`'],
  ['[', ']'],
]);

/**
 * The SQL with the quoted identifiers the parser misreads replaced by placeholders (see {@link MaskedIdentifiers}),
 * or null when there are none or the text does not tokenize. In MySQL and MariaDB a double-quoted token is a string,
 * never masked.
 */
export function maskQuotedIdentifiers(sql: string, dialect: Dialect): MaskedIdentifiers | null {
  if (!sql.includes('""') && !sql.includes('``') && !sql.includes(']]') && !(dialect === 'sqlite' && sql.includes('[')))
    return null;
  const lexed = tokenizeSql(sql, dialect);
  if (lexed.error) return null;
  const mysqlLike = dialect === 'mysql' || dialect === 'mariadb';
  let prefix = 'nlqident';
  while (sql.toLowerCase().includes(prefix)) prefix += 'x';
  const names = new Map<string, string>();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const token of lexed.tokens) {
    if (token.type !== 'quoted') continue;
    const open = token.text[0];
    const close = CLOSING.get(open);
    if (!close || (open === '"' && mysqlLike)) continue;
    const inner = token.text.slice(1, -1);
    const bracketInSqlite = open === '[' && dialect === 'sqlite';
    if (!inner.includes(close + close) && !bracketInSqlite) continue;
    const placeholder = `${prefix}${names.size}z`;
    names.set(placeholder, inner.split(close + close).join(close));
    edits.push({ start: token.start, end: token.end, text: placeholderToken(placeholder, open, dialect) });
  }
  if (edits.length === 0) return null;
  let text = '';
  let at = 0;
  for (const e of edits) {
    text += sql.slice(at, e.start) + e.text;
    at = e.end;
  }
  text += sql.slice(at);
  return {
    text,
    names,
    originalOffset(offset: number): number {
      let shift = 0;
      for (const e of edits) {
        const editedStart = e.start + shift;
        if (offset < editedStart) break;
        if (offset < editedStart + e.text.length) return e.start;
        shift += e.text.length - (e.end - e.start);
      }
      return offset - shift;
    },
  };
}

/** The placeholder quoted as the grammar reads an identifier: SQLite's brackets become backticks. */
function placeholderToken(placeholder: string, open: string, dialect: Dialect): string {
  if (open === '[') return dialect === 'sqlite' ? `\`${placeholder}\`` : `[${placeholder}]`;
  return `${open}${placeholder}${open}`;
}

/**
 * Puts the real names back into a parsed statement list and table list: every string in the AST (and every entry of
 * the parser's `type::schema::table` table list) holding a placeholder gets the name instead. Changes `statements`
 * in place; returns the table list with names restored.
 */
export function unmaskIdentifiers(
  statements: AstNode[],
  tableList: string[],
  names: ReadonlyMap<string, string>,
): string[] {
  const restore = (value: string): string => {
    let out = value;
    for (const [placeholder, name] of names) if (out.includes(placeholder)) out = out.split(placeholder).join(name);
    return out;
  };
  const seen = new Set<AstNode>();
  const visit = (node: AstNode): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value === 'string') node[key] = restore(value);
      else visit(value);
    }
  };
  visit(statements);
  return tableList.map(restore);
}
