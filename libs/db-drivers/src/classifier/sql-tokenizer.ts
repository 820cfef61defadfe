import type { Dialect } from '@nlq/contracts';

/** One lexical token of SQL text. Comments and whitespace are not tokens. */
export interface SqlToken {
  /**
   * - `word`: unquoted identifier or keyword (text as written);
   * - `quoted`: quoted identifier ("x", `x`, [x]) or, in MySQL/MariaDB, a double-quoted string;
   * - `string`: string literal ('x', E'x', N'x', $tag$x$tag$);
   * - `number`, `semicolon`, `punct` (any other character, one per token).
   */
  type: 'word' | 'quoted' | 'string' | 'number' | 'semicolon' | 'punct';
  text: string;
  /** Offset of the first character in the input. */
  start: number;
  /** Offset one past the last character. */
  end: number;
}

/** Result of {@link tokenizeSql}. */
export interface TokenizedSql {
  tokens: SqlToken[];
  /** Tokens grouped per statement (split at top-level `;`); statements holding no token are dropped. */
  statements: SqlToken[][];
  /** Set when the text cannot be tokenized: an unterminated quote or comment. */
  error?: string;
  /** MySQL/MariaDB executable comments (`/*! ... *\/`, `/*M! ... *\/`) were found; their content runs as SQL. */
  executableComment: boolean;
}

const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isWordChar = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);

/**
 * Splits SQL text into tokens and statements with the quoting and comment rules of the dialect, so that a `;` or a
 * keyword inside a string, quoted identifier or comment is never mistaken for code.
 *
 * Rules (from each engine's manual, "Lexical structure" / "Comments" / "String literals"):
 * - `--` starts a line comment; in MySQL/MariaDB only when followed by whitespace, a control character or the end
 *   (MySQL 8.0 manual 11.7 "Comments": `1--1` is arithmetic there). `#` starts a line comment in MySQL/MariaDB.
 * - `/* *\/` block comments; PostgreSQL nests them (PostgreSQL manual 4.1.5). MySQL/MariaDB `/*!` and `/*M!`
 *   comments are executed by the server, so they are flagged in `executableComment`.
 * - `'...'` strings with `''`; backslash escapes in MySQL, MariaDB and Snowflake, and in PostgreSQL `E'...'`.
 *   PostgreSQL and Snowflake dollar-quoted strings `$tag$...$tag$`.
 * - quoted identifiers: `"..."` (with `""`; a string with backslash escapes in MySQL/MariaDB), backticks in
 *   MySQL/MariaDB/SQLite, `[...]` in SQL Server and SQLite.
 *
 * Never throws: an unterminated quote or comment sets `error` and ends tokenizing.
 */
export function tokenizeSql(sql: string, dialect: Dialect): TokenizedSql {
  const mysqlLike = dialect === 'mysql' || dialect === 'mariadb';
  const backslashStrings = mysqlLike || dialect === 'snowflake';
  const tokens: SqlToken[] = [];
  let executableComment = false;
  let error: string | undefined;
  let i = 0;
  const n = sql.length;

  /** Scans a quoted run starting at `i` (the opening quote); returns the index past the closing quote or -1. */
  const scanQuoted = (from: number, close: string, backslash: boolean): number => {
    let j = from + 1;
    while (j < n) {
      const c = sql[j];
      if (backslash && c === '\\') {
        j += 2;
        continue;
      }
      if (c === close) {
        if (sql[j + 1] === close) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    return -1;
  };

  while (i < n && !error) {
    const c = sql[i];
    const next = sql[i + 1];
    // whitespace
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // line comments
    if (c === '-' && next === '-' && (!mysqlLike || i + 2 >= n || /[\s\x00-\x1f]/.test(sql[i + 2]))) {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? n : nl + 1;
      continue;
    }
    if (c === '#' && mysqlLike) {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? n : nl + 1;
      continue;
    }
    // block comments
    if (c === '/' && next === '*') {
      if (mysqlLike && (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))) executableComment = true;
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--;
          j += 2;
        } else if (dialect === 'postgresql' && sql[j] === '/' && sql[j + 1] === '*') {
          depth++;
          j += 2;
        } else j++;
      }
      if (depth > 0) error = 'unterminated /* comment';
      i = j;
      continue;
    }
    // strings
    if (c === "'") {
      const end = scanQuoted(i, "'", backslashStrings);
      if (end < 0) error = 'unterminated string literal';
      else tokens.push({ type: 'string', text: sql.slice(i, end), start: i, end });
      i = end < 0 ? n : end;
      continue;
    }
    if ((c === 'E' || c === 'e') && next === "'" && dialect === 'postgresql') {
      const end = scanQuoted(i + 1, "'", true);
      if (end < 0) error = 'unterminated string literal';
      else tokens.push({ type: 'string', text: sql.slice(i, end), start: i, end });
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '$' && (dialect === 'postgresql' || dialect === 'snowflake')) {
      // Snowflake knows only `$$`; PostgreSQL also `$tag$` (a tag never starts with a digit, so `$1` is a parameter).
      const m =
        dialect === 'postgresql'
          ? /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i, i + 200))
          : /^\$\$/.exec(sql.slice(i, i + 2));
      if (m) {
        const tag = m[0];
        const close = sql.indexOf(tag, i + tag.length);
        if (close < 0) {
          error = 'unterminated dollar-quoted string';
          i = n;
        } else {
          const end = close + tag.length;
          tokens.push({ type: 'string', text: sql.slice(i, end), start: i, end });
          i = end;
        }
        continue;
      }
    }
    // quoted identifiers
    if (c === '"' || (c === '`' && (mysqlLike || dialect === 'sqlite'))) {
      const end = scanQuoted(i, c, c === '"' && mysqlLike);
      if (end < 0) error = `unterminated ${c} quote`;
      else tokens.push({ type: 'quoted', text: sql.slice(i, end), start: i, end });
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '[' && (dialect === 'transactsql' || dialect === 'sqlite')) {
      const end = scanQuoted(i, ']', false);
      if (end < 0) error = 'unterminated [ quote';
      else tokens.push({ type: 'quoted', text: sql.slice(i, end), start: i, end });
      i = end < 0 ? n : end;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordChar(sql[j])) j++;
      tokens.push({ type: 'word', text: sql.slice(i, j), start: i, end: j });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      const m = /^(?:0x[0-9a-fA-F]+|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)/.exec(sql.slice(i));
      const len = m ? Math.max(1, m[0].length) : 1;
      tokens.push({ type: 'number', text: sql.slice(i, i + len), start: i, end: i + len });
      i += len;
      continue;
    }
    tokens.push({ type: c === ';' ? 'semicolon' : 'punct', text: c, start: i, end: i + 1 });
    i++;
  }

  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  for (const t of tokens) {
    if (t.type === 'semicolon') {
      if (current.length) statements.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length) statements.push(current);
  return { tokens, statements, error, executableComment };
}

/** The value of a quoted or bare identifier token, without quotes, lower-cased. */
export function identifierText(token: SqlToken): string {
  if (token.type === 'quoted') return token.text.slice(1, -1).toLowerCase();
  return token.text.toLowerCase();
}
