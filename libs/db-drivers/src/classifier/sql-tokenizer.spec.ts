import type { Dialect } from '@nlq/contracts';
import { tokenizeSql } from './sql-tokenizer';

const count = (sql: string, dialect: Dialect) => tokenizeSql(sql, dialect).statements.length;
const firstWords = (sql: string, dialect: Dialect) =>
  tokenizeSql(sql, dialect).statements.map((st) => st.find((t) => t.type === 'word')?.text.toUpperCase());

describe('tokenizeSql', () => {
  it.each<[string, Dialect, number]>([
    ['SELECT 1', 'sqlite', 1],
    ['SELECT 1;', 'sqlite', 1],
    ['SELECT 1;;  ;', 'postgresql', 1],
    ['SELECT 1; SELECT 2', 'postgresql', 2],
    ["SELECT ';' AS s", 'postgresql', 1],
    ["SELECT 'it''s;' AS s", 'sqlite', 1],
    ['SELECT "a;b" FROM t', 'postgresql', 1],
    ['SELECT `a;b` FROM t', 'mysql', 1],
    ['SELECT [a;b] FROM t', 'transactsql', 1],
    ['SELECT [a;b] FROM t', 'sqlite', 1],
    ['SELECT 1 -- ; DELETE FROM t', 'sqlite', 1],
    ['SELECT 1 /* ; */ ; DELETE FROM t', 'sqlite', 2],
    ['SELECT 1 # ; DELETE FROM t', 'mysql', 1],
    // `#` is not a comment outside MySQL/MariaDB
    ['SELECT 1 # ; DELETE FROM t', 'postgresql', 2],
    // MySQL: `--` needs a following space to start a comment
    ['SELECT 1--1; DELETE FROM t', 'mysql', 2],
    ['SELECT 1--1; DELETE FROM t', 'mariadb', 2],
    ['SELECT 1--1; DELETE FROM t', 'postgresql', 1],
    ['SELECT 1 -- x; DELETE FROM t', 'mysql', 1],
    ['SELECT 1 --\n; DELETE FROM t', 'mysql', 2],
    // backslash escapes
    ["SELECT 'a\\'; DELETE FROM t; -- '", 'mysql', 1],
    ["SELECT 'a\\'; DELETE FROM t; -- '", 'postgresql', 2],
    ["SELECT E'a\\'; DELETE FROM t; -- '", 'postgresql', 1],
    ["SELECT 'a\\'; DELETE FROM t; -- '", 'snowflake', 1],
    // dollar quoting
    ['SELECT $$;$$', 'postgresql', 1],
    ['SELECT $fn$ ; $$ ; $fn$', 'postgresql', 1],
    ['SELECT $1; SELECT $2', 'postgresql', 2],
    ['SELECT $$;$$', 'snowflake', 1],
    // PostgreSQL nests block comments
    ['SELECT 1 /* a /* b */ ; c */', 'postgresql', 1],
    ['SELECT 1 /* a /* b */ ; c */', 'sqlite', 2],
  ])('%j in %s has %d statement(s)', (sql, dialect, n) => {
    const res = tokenizeSql(sql, dialect);
    expect(res.error).toBeUndefined();
    expect(res.statements).toHaveLength(n);
  });

  it('finds the leading keyword after comments', () => {
    expect(firstWords('/* x */ -- y\n  pragma foo; ATTACH x', 'sqlite')).toEqual(['PRAGMA', 'ATTACH']);
  });

  it.each<[string, Dialect, RegExp]>([
    ["SELECT 'open", 'sqlite', /unterminated string/],
    ['SELECT "open', 'postgresql', /unterminated " quote/],
    ['SELECT 1 /* open', 'mysql', /unterminated \/\* comment/],
    ['SELECT $$ open', 'postgresql', /unterminated dollar/],
    ['SELECT [open', 'transactsql', /unterminated \[ quote/],
    ['SELECT 1 /* /* */', 'postgresql', /unterminated/],
  ])('reports %j as unterminated', (sql, dialect, error) => {
    expect(tokenizeSql(sql, dialect).error).toMatch(error);
  });

  it('flags MySQL executable comments only in MySQL and MariaDB', () => {
    expect(tokenizeSql('SELECT 1 /*! DROP TABLE t */', 'mysql').executableComment).toBe(true);
    expect(tokenizeSql('SELECT 1 /*M! DROP TABLE t */', 'mariadb').executableComment).toBe(true);
    expect(tokenizeSql('SELECT 1 /* plain */', 'mysql').executableComment).toBe(false);
    expect(tokenizeSql('SELECT 1 /*! x */', 'postgresql').executableComment).toBe(false);
  });

  it('gives token offsets into the input', () => {
    const sql = "  SELECT 'a' ;";
    const { tokens } = tokenizeSql(sql, 'sqlite');
    expect(tokens.map((t) => [t.type, sql.slice(t.start, t.end)])).toEqual([
      ['word', 'SELECT'],
      ['string', "'a'"],
      ['semicolon', ';'],
    ]);
    expect(count('', 'sqlite')).toBe(0);
  });
});
