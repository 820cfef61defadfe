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
  const scanner = new SqlScanner(sql, dialect);
  scanner.run();
  const { tokens, error, executableComment } = scanner;
  return { tokens, statements: splitStatements(tokens), error, executableComment };
}

/** Tokens grouped per statement, split at top-level `;`; statements holding no token are dropped. */
function splitStatements(tokens: SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  for (const t of tokens) {
    if (t.type === 'semicolon') {
      if (current.length) statements.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length) statements.push(current);
  return statements;
}

/** One left-to-right scan of SQL text by the rules of {@link tokenizeSql}; each step returns the index after it. */
class SqlScanner {
  readonly tokens: SqlToken[] = [];
  executableComment = false;
  error: string | undefined;
  private readonly mysqlLike: boolean;
  private readonly backslashStrings: boolean;
  private readonly n: number;

  constructor(
    private readonly sql: string,
    private readonly dialect: Dialect,
  ) {
    this.mysqlLike = dialect === 'mysql' || dialect === 'mariadb';
    this.backslashStrings = this.mysqlLike || dialect === 'snowflake';
    this.n = sql.length;
  }

  /** Scans the whole text, or up to the first unterminated quote or comment. */
  run(): void {
    let i = 0;
    while (i < this.n && !this.error) {
      if (/\s/.test(this.sql[i])) i++;
      else i = this.skipComment(i) ?? this.scanString(i) ?? this.scanQuotedIdentifier(i) ?? this.scanPlain(i);
    }
  }

  /**
   * Skips a comment at `i`: `--` (in MySQL/MariaDB only before whitespace, a control character or the end), `#` in
   * MySQL/MariaDB, and `/* *\/` (nested in PostgreSQL; `/*!`, `/*M!` flagged executable in MySQL/MariaDB).
   * Returns the index after it, or null when no comment starts at `i`.
   */
  private skipComment(i: number): number | null {
    const { sql, n, mysqlLike } = this;
    const c = sql[i];
    const next = sql[i + 1];
    if (
      (c === '-' && next === '-' && (!mysqlLike || i + 2 >= n || /[\s\x00-\x1f]/.test(sql[i + 2]))) ||
      (c === '#' && mysqlLike)
    ) {
      const nl = sql.indexOf('\n', i);
      return nl === -1 ? n : nl + 1;
    }
    if (c !== '/' || next !== '*') return null;
    if (mysqlLike && (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))) this.executableComment = true;
    let depth = 1;
    let j = i + 2;
    while (j < n && depth > 0) {
      if (sql[j] === '*' && sql[j + 1] === '/') {
        depth--;
        j += 2;
      } else if (this.dialect === 'postgresql' && sql[j] === '/' && sql[j + 1] === '*') {
        depth++;
        j += 2;
      } else j++;
    }
    if (depth > 0) this.error = 'unterminated /* comment';
    return j;
  }

  /**
   * A string literal at `i`: `'...'`, PostgreSQL `E'...'`, or a dollar-quoted string (`$tag$...$tag$` in
   * PostgreSQL, `$$...$$` in Snowflake). Returns the index after it, or null when none starts at `i`.
   */
  private scanString(i: number): number | null {
    const { sql, dialect } = this;
    const c = sql[i];
    if (c === "'")
      return this.pushQuoted(
        'string',
        i,
        this.scanQuoted(i, "'", this.backslashStrings),
        'unterminated string literal',
      );
    if ((c === 'E' || c === 'e') && sql[i + 1] === "'" && dialect === 'postgresql')
      return this.pushQuoted('string', i, this.scanQuoted(i + 1, "'", true), 'unterminated string literal');
    if (c !== '$' || (dialect !== 'postgresql' && dialect !== 'snowflake')) return null;
    // Snowflake knows only `$$`; PostgreSQL also `$tag$` (a tag never starts with a digit, so `$1` is a parameter).
    const m =
      dialect === 'postgresql'
        ? /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i, i + 200))
        : /^\$\$/.exec(sql.slice(i, i + 2));
    if (!m) return null;
    const tag = m[0];
    const close = sql.indexOf(tag, i + tag.length);
    if (close < 0) {
      this.error = 'unterminated dollar-quoted string';
      return this.n;
    }
    const end = close + tag.length;
    this.tokens.push({ type: 'string', text: sql.slice(i, end), start: i, end });
    return end;
  }

  /**
   * A quoted identifier at `i`: `"..."` (a string with backslash escapes in MySQL/MariaDB), backticks in
   * MySQL/MariaDB/SQLite, `[...]` in SQL Server and SQLite. Returns the index after it, or null.
   */
  private scanQuotedIdentifier(i: number): number | null {
    const { sql, dialect } = this;
    const c = sql[i];
    if (c === '"' || (c === '`' && (this.mysqlLike || dialect === 'sqlite')))
      return this.pushQuoted(
        'quoted',
        i,
        this.scanQuoted(i, c, c === '"' && this.mysqlLike),
        `unterminated ${c} quote`,
      );
    if (c === '[' && (dialect === 'transactsql' || dialect === 'sqlite'))
      return this.pushQuoted('quoted', i, this.scanQuoted(i, ']', false), 'unterminated [ quote');
    return null;
  }

  /** A word, a number, a `;` or any other character at `i`, as one token; returns the index after it. */
  private scanPlain(i: number): number {
    const { sql, n } = this;
    const c = sql[i];
    const next = sql[i + 1];
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordChar(sql[j])) j++;
      this.tokens.push({ type: 'word', text: sql.slice(i, j), start: i, end: j });
      return j;
    }
    if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      const m = /^(?:0x[0-9a-fA-F]+|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)/.exec(sql.slice(i));
      const len = m ? Math.max(1, m[0].length) : 1;
      this.tokens.push({ type: 'number', text: sql.slice(i, i + len), start: i, end: i + len });
      return i + len;
    }
    this.tokens.push({ type: c === ';' ? 'semicolon' : 'punct', text: c, start: i, end: i + 1 });
    return i + 1;
  }

  /**
   * Pushes the quoted token of `type` from `i` to `end`, or sets `error` to `unterminated` when `end` is -1 (the
   * scan then ends). Returns the index after the token.
   */
  private pushQuoted(type: 'string' | 'quoted', i: number, end: number, unterminated: string): number {
    if (end < 0) this.error = unterminated;
    else this.tokens.push({ type, text: this.sql.slice(i, end), start: i, end });
    return end < 0 ? this.n : end;
  }

  /** Scans a quoted run starting at `from` (the opening quote); returns the index past the closing quote or -1. */
  private scanQuoted(from: number, close: string, backslash: boolean): number {
    const { sql, n } = this;
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
  }
}

/** The value of a quoted or bare identifier token, without quotes, lower-cased. */
export function identifierText(token: SqlToken): string {
  if (token.type === 'quoted') return token.text.slice(1, -1).toLowerCase();
  return token.text.toLowerCase();
}
