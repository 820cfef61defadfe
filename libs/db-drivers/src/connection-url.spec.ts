import * as path from 'node:path';
import { parseConnectionUrl, redactConnectionUrl } from './connection-url';
import { createDriver } from './create-driver';
import { DatabaseError } from './errors';
import { MssqlDriver } from './mssql/mssql.driver';
import { MysqlDriver } from './mysql/mysql.driver';
import { PostgresDriver } from './postgres/postgres.driver';
import { SnowflakeDriver } from './snowflake/snowflake.driver';
import { SqliteDriver } from './sqlite/sqlite.driver';

describe('parseConnectionUrl', () => {
  it('parses the three SQLite forms', () => {
    expect(parseConnectionUrl('sqlite:///abs/path/file.db')).toMatchObject({
      engine: 'sqlite',
      dialect: 'sqlite',
      filename: '/abs/path/file.db',
    });
    expect(parseConnectionUrl('sqlite:relative/path.db').filename).toBe(path.resolve('relative/path.db'));
    expect(parseConnectionUrl('sqlite::memory:').filename).toBe(':memory:');
    expect(parseConnectionUrl('sqlite:///with%20space.db').filename).toBe('/with space.db');
  });

  it('parses PostgreSQL URLs with percent-decoded credentials and the default port', () => {
    expect(parseConnectionUrl('postgresql://app:p%40ss%3Aw@db.example.com/sales?sslmode=require')).toEqual({
      engine: 'postgres',
      scheme: 'postgresql',
      dialect: 'postgresql',
      host: 'db.example.com',
      port: 5432,
      user: 'app',
      password: 'p@ss:w',
      database: 'sales',
      params: { sslmode: 'require' },
    });
    expect(parseConnectionUrl('postgres://u@127.0.0.1:6543/x')).toMatchObject({
      scheme: 'postgres',
      port: 6543,
      password: undefined,
    });
    expect(parseConnectionUrl('postgres://u@[::1]:5432/x').host).toBe('::1');
  });

  it('tells mysql from mariadb by scheme', () => {
    expect(parseConnectionUrl('mysql://root@localhost/test')).toMatchObject({
      engine: 'mysql',
      dialect: 'mysql',
      port: 3306,
      database: 'test',
    });
    expect(parseConnectionUrl('mariadb://root:pw@localhost:3307/test')).toMatchObject({
      engine: 'mysql',
      dialect: 'mariadb',
      port: 3307,
      password: 'pw',
    });
  });

  it('parses SQL Server and Snowflake URLs', () => {
    expect(parseConnectionUrl('sqlserver://sa:Secret1!@sql.local/reports?encrypt=false')).toMatchObject({
      engine: 'mssql',
      dialect: 'transactsql',
      port: 1433,
      database: 'reports',
      params: { encrypt: 'false' },
    });
    expect(
      parseConnectionUrl(
        'snowflake://bob:pw@xy12345.eu-west-1.snowflakecomputing.com/SALES/PUBLIC?warehouse=WH&role=READER',
      ),
    ).toMatchObject({
      engine: 'snowflake',
      dialect: 'snowflake',
      host: 'xy12345.eu-west-1',
      database: 'SALES',
      schema: 'PUBLIC',
      params: { warehouse: 'WH', role: 'READER' },
    });
  });

  it('rejects an unknown scheme with kind unsupported and a malformed URL with kind connection', () => {
    const unknown = (() => {
      try {
        parseConnectionUrl('oracle://scott:tiger@db/orcl');
      } catch (e) {
        return e;
      }
    })();
    expect(unknown).toBeInstanceOf(DatabaseError);
    expect(unknown).toMatchObject({ kind: 'unsupported' });
    expect(() => parseConnectionUrl('no scheme here')).toThrow(expect.objectContaining({ kind: 'connection' }));
    expect(() => parseConnectionUrl('postgres://')).toThrow(expect.objectContaining({ kind: 'connection' }));
    expect(() => parseConnectionUrl('sqlite:')).toThrow(expect.objectContaining({ kind: 'connection' }));
  });
});

describe('redactConnectionUrl', () => {
  it('replaces the password and secret-looking parameters with ***', () => {
    expect(redactConnectionUrl('postgres://app:s3cret@db:5432/sales?sslmode=require')).toBe(
      'postgres://app:***@db:5432/sales?sslmode=require',
    );
    expect(redactConnectionUrl('snowflake://bob@acct/DB?warehouse=WH&token=abc&private_key_pass=x')).toBe(
      'snowflake://bob@acct/DB?warehouse=WH&token=***&private_key_pass=***',
    );
    expect(redactConnectionUrl('mysql://root@localhost/test')).toBe('mysql://root@localhost/test');
    expect(redactConnectionUrl('sqlite:///tmp/x.db')).toBe('sqlite:///tmp/x.db');
    expect(redactConnectionUrl('weird://user:pw@host:notaport/db')).not.toContain('pw');
  });
});

describe('createDriver', () => {
  it.each([
    ['sqlite::memory:', SqliteDriver, 'sqlite'],
    ['postgres://u@h/db', PostgresDriver, 'postgresql'],
    ['mysql://u@h/db', MysqlDriver, 'mysql'],
    ['mariadb://u@h/db', MysqlDriver, 'mariadb'],
    ['mssql://u:p@h/db', MssqlDriver, 'transactsql'],
    ['snowflake://u:p@acct/db', SnowflakeDriver, 'snowflake'],
  ] as const)('chooses the driver for %s', (url, cls, dialect) => {
    const d = createDriver(url);
    expect(d).toBeInstanceOf(cls);
    expect(d.dialect).toBe(dialect);
  });

  it('throws DatabaseError(unsupported) for an unknown scheme', () => {
    expect(() => createDriver('mongodb://h/db')).toThrow(
      expect.objectContaining({ name: 'DatabaseError', kind: 'unsupported' }),
    );
  });
});
