/**
 * The grammar fallback of parseSql (sql-ast.ts): MariaDB -> MySQL and SQLite -> PostgreSQL when the dialect's own
 * node-sql-parser grammar rejects valid SQL, accepted only when both dialects tokenize the text alike, and with the
 * full AST walk of classifySql / checkReferences applied to the fallback AST.
 */
import type { DatabaseSchema, Dialect, SqlKind, TableSchema } from '@nlq/contracts';
import { checkReferences, classifySql } from './index';
import { parseSql, sameTokens } from './sql-ast';

interface Row {
  sql: string;
  dialect: Dialect;
  kind: SqlKind;
  /** Grammar parseSql is expected to use; null when parseSql must fail. */
  grammar: Dialect | null;
  reason?: RegExp;
}

describe('grammar fallback: valid reads the dialect grammar rejects become reads', () => {
  const rows: Row[] = [
    // MariaDB grammar: `status` is a keyword there.
    { sql: 'SELECT status FROM orders', dialect: 'mariadb', kind: 'read', grammar: 'mysql' },
    { sql: 'SELECT id, status FROM orders WHERE status = 1', dialect: 'mariadb', kind: 'read', grammar: 'mysql' },
    {
      sql: 'SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY n DESC',
      dialect: 'mariadb',
      kind: 'read',
      grammar: 'mysql',
    },
    {
      sql: 'SELECT status FROM orders # note ; DELETE FROM orders',
      dialect: 'mariadb',
      kind: 'read',
      grammar: 'mysql',
    },
    // SQLite grammar: NULLS FIRST/LAST, FILTER (WHERE ...), window ORDER BY, `AS count`.
    {
      sql: 'SELECT name FROM customers ORDER BY country NULLS LAST',
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    {
      sql: 'SELECT name FROM customers ORDER BY country DESC NULLS FIRST',
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    {
      sql: 'SELECT COUNT(*) FILTER (WHERE total > 10) AS big FROM orders',
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    {
      sql: "SELECT SUM(total) FILTER (WHERE status = 'paid') AS paid FROM orders",
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    {
      sql: 'SELECT id, RANK() OVER (ORDER BY total DESC) AS r FROM orders',
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    { sql: 'SELECT COUNT(*) AS COUNT FROM orders', dialect: 'sqlite', kind: 'read', grammar: 'postgresql' },
    {
      sql: 'SELECT name FROM customers WHERE country = "USA" ORDER BY name NULLS LAST',
      dialect: 'sqlite',
      kind: 'read',
      grammar: 'postgresql',
    },
    // The dialect's own grammar still comes first.
    { sql: 'SELECT name FROM customers', dialect: 'sqlite', kind: 'read', grammar: 'sqlite' },
    { sql: 'SELECT name FROM customers', dialect: 'mariadb', kind: 'read', grammar: 'mariadb' },
  ];
  it.each(rows.map((r) => [r.sql, r.dialect, r] as const))('%s [%s]', (_sql, _d, r) => check(r));
});

describe('grammar fallback: writes, refused functions and INTO in a fallback-parsed statement are still caught', () => {
  const rows: Row[] = [
    {
      sql: 'SELECT status, SLEEP(5) FROM orders',
      dialect: 'mariadb',
      kind: 'refused',
      grammar: 'mysql',
      reason: /function sleep\(\)/,
    },
    {
      sql: "SELECT status FROM orders WHERE LOAD_FILE('/etc/passwd') IS NULL",
      dialect: 'mariadb',
      kind: 'refused',
      grammar: 'mysql',
      reason: /load_file/,
    },
    {
      sql: "SELECT status FROM orders INTO OUTFILE '/tmp/x'",
      dialect: 'mariadb',
      kind: 'refused',
      grammar: 'mysql',
      reason: /INTO OUTFILE/,
    },
    { sql: 'SELECT status INTO @s FROM orders', dialect: 'mariadb', kind: 'ddl', grammar: 'mysql' },
    {
      sql: 'SELECT status FROM orders LOCK IN SHARE MODE',
      dialect: 'mariadb',
      kind: 'write',
      grammar: 'mysql',
      reason: /LOCK IN SHARE MODE/,
    },
    { sql: 'UPDATE orders SET total = 0 WHERE status = 1', dialect: 'mariadb', kind: 'write', grammar: 'mysql' },
    { sql: 'INSERT INTO archive (s) SELECT status FROM orders', dialect: 'mariadb', kind: 'write', grammar: 'mysql' },
    {
      sql: 'SELECT name FROM customers ORDER BY pg_sleep(1) NULLS LAST',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: 'postgresql',
      reason: /pg_sleep/,
    },
    {
      sql: "SELECT COUNT(*) FILTER (WHERE readfile('/etc/passwd') IS NULL) FROM t",
      dialect: 'sqlite',
      kind: 'refused',
      grammar: 'postgresql',
      reason: /readfile/,
    },
    {
      sql: "SELECT load_extension('/tmp/evil.so') AS x FROM t ORDER BY x NULLS LAST",
      dialect: 'sqlite',
      kind: 'refused',
      grammar: 'postgresql',
      reason: /load_extension/,
    },
    {
      sql: 'WITH d AS (INSERT INTO t (a) VALUES (1) RETURNING a) SELECT a FROM d ORDER BY a NULLS LAST',
      dialect: 'sqlite',
      kind: 'write',
      grammar: 'postgresql',
      reason: /INSERT/,
    },
    {
      sql: 'SELECT * INTO new_t FROM t ORDER BY a NULLS LAST',
      dialect: 'sqlite',
      kind: 'ddl',
      grammar: 'postgresql',
      reason: /creates a table/,
    },
    {
      sql: 'INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2',
      dialect: 'sqlite',
      kind: 'write',
      grammar: 'postgresql',
    },
    // Statement counting stays with the dialect's tokenizer, before any parse.
    {
      sql: 'SELECT a FROM t ORDER BY a NULLS LAST; DELETE FROM t',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: /^2 statements found/,
    },
  ];
  it.each(rows.map((r) => [r.sql, r.dialect, r] as const))('%s [%s]', (_sql, _d, r) => check(r));
});

describe('grammar fallback: text the two dialects tokenize differently stays refused', () => {
  const notTried =
    /^could not parse as sqlite SQL: .*\(the postgresql grammar was not tried: it reads quotes or comments differently\)$/;
  const rows: Row[] = [
    // SQLite backtick and bracket identifiers are punctuation to the PostgreSQL tokenizer.
    {
      sql: 'SELECT `name` FROM `customers` ORDER BY `country` NULLS LAST',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: notTried,
    },
    {
      sql: 'SELECT [name] FROM [customers] ORDER BY country NULLS LAST',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: notTried,
    },
    // PostgreSQL nests block comments and has E'' and $$ strings; SQLite has none of these.
    {
      sql: 'SELECT a FROM t /* x /* y */ ORDER BY a NULLS LAST',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: notTried,
    },
    {
      sql: "SELECT E'x' AS s FROM t ORDER BY s NULLS LAST",
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: notTried,
    },
    {
      sql: 'SELECT $$x$$ AS s FROM t ORDER BY s NULLS LAST',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: notTried,
    },
    // Both grammars fail: the reason names the dialect and says the fallback failed too.
    {
      sql: 'SELECT FROM WHERE',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason:
        /^could not parse as sqlite SQL: unexpected .* at line 1, column \d+ \(the postgresql grammar failed too\)$/,
    },
    {
      sql: 'SELECT FROM WHERE',
      dialect: 'mariadb',
      kind: 'refused',
      grammar: null,
      reason: /^could not parse as mariadb SQL: .*\(the mysql grammar failed too\)$/,
    },
    {
      sql: 'SELECT * FROM t FOR UPDATE',
      dialect: 'sqlite',
      kind: 'refused',
      grammar: null,
      reason: /^could not parse as sqlite SQL/,
    },
    // Dialects without a fallback grammar are unchanged.
    {
      sql: 'SELECT FROM WHERE',
      dialect: 'postgresql',
      kind: 'refused',
      grammar: null,
      reason: /^could not parse as postgresql SQL: unexpected [^(]*$/,
    },
  ];
  it.each(rows.map((r) => [r.sql, r.dialect, r] as const))('%s [%s]', (_sql, _d, r) => check(r));
});

describe('sameTokens', () => {
  it.each<[string, Dialect, Dialect, boolean]>([
    ['SELECT a, "b" FROM t WHERE c = \'x\' -- note', 'sqlite', 'postgresql', true],
    ['SELECT `a` FROM t', 'sqlite', 'postgresql', false],
    ['SELECT [a] FROM t', 'sqlite', 'postgresql', false],
    ['SELECT 1 /* a /* b */ */', 'sqlite', 'postgresql', false],
    ["SELECT E'a\\'b'", 'sqlite', 'postgresql', false],
    ['SELECT 1 # c', 'mariadb', 'mysql', true],
    ['SELECT 1 # c', 'mysql', 'postgresql', false],
    ["SELECT 'unterminated", 'sqlite', 'postgresql', false],
  ])('%s [%s vs %s] -> %s', (sql, a, b, same) => {
    expect(sameTokens(sql, a, b)).toBe(same);
  });
});

describe('grammar fallback in checkReferences', () => {
  const table = (name: string, columns: string[]): TableSchema => ({
    name,
    schema: null,
    kind: 'table',
    columns: columns.map((c) => ({ name: c, type: 'TEXT', nullable: true, primaryKey: c === 'id' })),
    primaryKey: ['id'],
    foreignKeys: [],
  });
  const schema: DatabaseSchema = {
    dialect: 'sqlite',
    introspectedAt: '2026-01-01T00:00:00Z',
    version: 'test',
    tables: [table('customers', ['id', 'name', 'country']), table('orders', ['id', 'customer_id', 'total', 'status'])],
  };

  it.each<[string, Dialect, string[]]>([
    ['SELECT status, COUNT(*) AS n FROM orders GROUP BY status', 'mariadb', []],
    ['SELECT stats FROM orders', 'mariadb', ['unknown column "stats" in table "orders"']],
    ['SELECT status FROM ordrs', 'mariadb', ['unknown table "ordrs"']],
    ['SELECT name FROM customers ORDER BY country NULLS LAST', 'sqlite', []],
    ['SELECT nme FROM customers ORDER BY country NULLS LAST', 'sqlite', ['unknown column "nme" in table "customers"']],
    ['SELECT COUNT(*) FILTER (WHERE totl > 1) FROM orders', 'sqlite', ['unknown column "totl" in table "orders"']],
    // SQLite reads an unknown double-quoted name as a string, so the PostgreSQL AST's column reference is not reported.
    ['SELECT name FROM customers WHERE country = "USA" ORDER BY name NULLS LAST', 'sqlite', []],
    [
      'SELECT c."nme" FROM customers c ORDER BY c.name NULLS LAST',
      'sqlite',
      ['unknown column "nme" in table "customers"'],
    ],
    // Not parsed at all (the tokenizations differ): nothing to report, classifySql refuses it.
    ['SELECT `nme` FROM customers ORDER BY name NULLS LAST', 'sqlite', []],
  ])('%s [%s]', (sql, dialect, problems) => {
    expect(checkReferences(sql, dialect, schema)).toEqual(problems);
  });
});

function check(r: Row): void {
  const res = classifySql(r.sql, r.dialect);
  expect({ kind: res.kind, reason: res.reason }).toEqual(expect.objectContaining({ kind: r.kind }));
  if (r.reason) expect(res.reason).toMatch(r.reason);
  const parsed = parseSql(r.sql, r.dialect);
  if (r.grammar) expect(parsed).toMatchObject({ ok: true, grammar: r.grammar });
  else if (!/statements found/.test(String(r.reason))) expect(parsed.ok).toBe(false);
}
