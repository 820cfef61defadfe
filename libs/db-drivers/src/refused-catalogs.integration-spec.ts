import { describeWith } from '@nlq/test-services';
import type { Dialect } from '@nlq/contracts';
import { classifySql } from './classifier/sql-classifier';
import { createDriver } from './create-driver';

/**
 * On a superuser connection (postgres, root) these statements run and reveal password hashes,
 * other sessions' SQL and server paths, or administer the server; the classifier refuses each one, naming the
 * manual section, so they never reach the database in any mode. Each statement is first shown to run as the
 * superuser, so the refusal is what stops it.
 */
const POSTGRES_STATEMENTS = [
  'SELECT rolname, rolpassword FROM pg_authid',
  'SELECT usename, passwd FROM pg_shadow',
  'SELECT usename, passwd FROM pg_catalog.pg_shadow',
  'SELECT * FROM pg_user_mappings',
  'SELECT query FROM pg_stat_activity',
  'SELECT a.query FROM (SELECT * FROM pg_catalog.pg_stat_activity) a',
  'WITH s AS (SELECT rolpassword FROM pg_authid) SELECT * FROM s',
  "SELECT current_setting('data_directory')",
  "SELECT setting FROM pg_settings WHERE name = 'data_directory'",
  'SELECT * FROM pg_hba_file_rules',
];
const POSTGRES_ADMIN_ONLY = ["SELECT pg_create_restore_point('nlq')", 'SELECT pg_switch_wal()'];
const MARIADB_STATEMENTS = [
  'SELECT user, password FROM mysql.user',
  'SELECT * FROM `mysql`.`user`',
  'SELECT * FROM mysql.global_priv',
  'SELECT * FROM mysql.db',
  'SELECT info FROM information_schema.processlist',
  'SELECT u.User FROM mysql.user u JOIN mysql.db d ON d.User = u.User',
];

function expectRefused(sql: string, dialect: Dialect): void {
  const c = classifySql(sql, dialect);
  expect({ sql, kind: c.kind }).toEqual({ sql, kind: 'refused' });
  expect(c.reason).toMatch(/never (read|allowed)/);
  expect(c.reason).toMatch(/[Mm]anual|Knowledge Base|Microsoft Learn/);
}

describe('refused catalogs (classifier, no server)', () => {
  it('refuses credential and activity catalogs and administration functions per dialect, naming the manual section', () => {
    for (const sql of [...POSTGRES_STATEMENTS, ...POSTGRES_ADMIN_ONLY]) expectRefused(sql, 'postgresql');
    for (const sql of MARIADB_STATEMENTS) {
      expectRefused(sql, 'mariadb');
      expectRefused(sql, 'mysql');
    }
    for (const sql of [
      'SELECT name, password_hash FROM sys.sql_logins',
      'SELECT t.text FROM sys.dm_exec_requests r CROSS APPLY sys.dm_exec_sql_text(r.sql_handle) t',
    ]) {
      expectRefused(sql, 'transactsql');
    }
    expect(classifySql('SELECT query FROM pg_stat_activity', 'postgresql').reason).toMatch(/§28\.2\.3/);
  });

  it('leaves application tables of the same names alone', () => {
    expect(classifySql('SELECT name FROM user', 'mariadb').kind).toBe('read');
    expect(classifySql('SELECT name FROM app.user', 'mysql').kind).toBe('read');
    expect(classifySql('SELECT count(*) FROM processlist', 'mariadb').kind).toBe('read');
    expect(classifySql('SELECT relname FROM pg_class', 'postgresql').kind).toBe('read');
  });
});

describeWith('postgresql')('refused catalogs on a PostgreSQL superuser connection', () => {
  const driver = createDriver('postgres://postgres@127.0.0.1:5432/test');
  afterAll(() => driver.close());

  it('each statement would run as the superuser; the classifier refuses it', async () => {
    for (const sql of POSTGRES_STATEMENTS) {
      await expect(driver.runRead(sql, { maxRows: 5, timeoutMs: 5000 })).resolves.toBeDefined();
      expectRefused(sql, 'postgresql');
    }
  });
});

describeWith('mariadb')('refused catalogs on a MariaDB root connection', () => {
  const driver = createDriver('mysql://root@127.0.0.1:3306/test');
  afterAll(() => driver.close());

  it('each statement would run as root; the classifier refuses it', async () => {
    for (const sql of MARIADB_STATEMENTS) {
      await expect(driver.runRead(sql, { maxRows: 5, timeoutMs: 5000 })).resolves.toBeDefined();
      expectRefused(sql, 'mariadb');
    }
  });
});
