import Database from 'better-sqlite3';
import { DatabaseError as PgProtocolError } from 'pg';
import { DatabaseError } from './errors';
import { mapMysqlError, mysqlErrorKind } from './mysql/mysql.errors';
import { mapPostgresError, postgresErrorKind } from './postgres/postgres.errors';
import { mapSqliteError } from './sqlite/sqlite.errors';

describe('SQLite error mapping (real better-sqlite3 errors)', () => {
  const file = ':memory:';
  let db: Database.Database;
  beforeAll(() => {
    db = new Database(file);
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE); INSERT INTO t VALUES (1, 'a')");
  });
  afterAll(() => db.close());
  const caught = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return mapSqliteError(e);
    }
    throw new Error('expected an error');
  };

  it('maps syntax and resolution errors to syntax', () => {
    expect(caught(() => db.prepare('SELEC 1'))).toMatchObject({ kind: 'syntax', engineCode: 'SQLITE_ERROR' });
    expect(caught(() => db.prepare('SELECT nope FROM t')).kind).toBe('syntax');
    expect(caught(() => db.prepare('SELECT * FROM nope')).kind).toBe('syntax');
    expect(caught(() => db.prepare('SELECT 1; SELECT 2')).kind).toBe('syntax');
  });

  it('maps constraint violations to constraint and load_extension to other', () => {
    expect(caught(() => db.prepare("INSERT INTO t VALUES (2, 'a')").run())).toMatchObject({
      kind: 'constraint',
      engineCode: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(caught(() => db.prepare('INSERT INTO t (id) VALUES (3)').run()).engineCode).toBe(
      'SQLITE_CONSTRAINT_NOTNULL',
    );
    expect(caught(() => db.prepare("SELECT load_extension('x')").get()).kind).toBe('other');
  });

  it('maps the documented result codes', () => {
    expect(mapSqliteError({ code: 'SQLITE_READONLY', message: 'attempt to write a readonly database' }).kind).toBe(
      'read_only',
    );
    expect(mapSqliteError({ code: 'SQLITE_BUSY', message: 'database is locked' }).kind).toBe('timeout');
    expect(mapSqliteError({ code: 'SQLITE_CANTOPEN', message: 'unable to open database file' }).kind).toBe(
      'connection',
    );
    expect(mapSqliteError({ code: 'SQLITE_NOTADB', message: 'file is not a database' }).kind).toBe('connection');
    const own = new DatabaseError('timeout', 'x');
    expect(mapSqliteError(own)).toBe(own);
  });
});

describe('PostgreSQL error mapping', () => {
  it.each([
    ['25006', 'read_only'],
    ['57014', 'timeout'],
    ['55P03', 'timeout'],
    ['08006', 'connection'],
    ['28P01', 'connection'],
    ['3D000', 'connection'],
    ['57P01', 'connection'],
    ['23505', 'constraint'],
    ['23503', 'constraint'],
    ['42601', 'syntax'],
    ['42P01', 'syntax'],
    ['42703', 'syntax'],
    ['42883', 'syntax'],
    ['42501', 'other'],
    ['0A000', 'unsupported'],
    ['22012', 'other'],
  ])('SQLSTATE %s -> %s', (code, kind) => {
    expect(postgresErrorKind(code)).toBe(kind);
    const err = new PgProtocolError('server said no', 0, 'error');
    err.code = code;
    expect(mapPostgresError(err)).toMatchObject({ kind, engineCode: code, message: 'server said no' });
  });

  it('maps socket and pool failures to connection', () => {
    expect(
      mapPostgresError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })).kind,
    ).toBe('connection');
    expect(mapPostgresError(new Error('Connection terminated unexpectedly')).kind).toBe('connection');
    expect(mapPostgresError(new Error('timeout exceeded when trying to connect')).kind).toBe('connection');
    const agg = Object.assign(
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:1'), { code: 'ECONNREFUSED' })], ''),
      {},
    );
    expect(mapPostgresError(agg).kind).toBe('connection');
    expect(mapPostgresError(new Error('something else')).kind).toBe('other');
  });
});

describe('MySQL / MariaDB error mapping', () => {
  it.each([
    [1792, 'read_only'],
    [1969, 'timeout'],
    [3024, 'timeout'],
    [1317, 'timeout'],
    [1064, 'syntax'],
    [1146, 'syntax'],
    [1054, 'syntax'],
    [1062, 'constraint'],
    [1452, 'constraint'],
    [1045, 'connection'],
    [1049, 'connection'],
    [2013, 'connection'],
    [1366, 'other'],
  ])('errno %i -> %s', (errno, kind) => {
    expect(mysqlErrorKind(errno)).toBe(kind);
    const err = Object.assign(new Error('server said no'), { errno, code: 'ER_X', sqlMessage: 'server said no' });
    expect(mapMysqlError(err)).toMatchObject({ kind, message: 'server said no' });
  });

  it('maps mysql2 client codes', () => {
    expect(
      mapMysqlError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 })).kind,
    ).toBe('connection');
    expect(mapMysqlError(Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' })).kind).toBe(
      'connection',
    );
    expect(
      mapMysqlError(Object.assign(new Error('Query inactivity timeout'), { code: 'PROTOCOL_SEQUENCE_TIMEOUT' })).kind,
    ).toBe('timeout');
  });
});
