import { Parser } from 'node-sql-parser';
import { dialectFor } from './dialects';
import { stripTrailingTerminator } from './sql-dialect';

const parser = new Parser();
const parses = (sql: string, database: string) => expect(() => parser.astify(sql, { database })).not.toThrow();

describe('dialect helpers', () => {
  it('quotes identifiers with each engine quote character, doubling it inside', () => {
    expect(dialectFor('sqlite').quoteIdentifier('a"b')).toBe('"a""b"');
    expect(dialectFor('postgresql').qualifiedName({ schema: 'sales', name: 'Order' })).toBe('"sales"."Order"');
    expect(dialectFor('mysql').quoteIdentifier('a`b')).toBe('`a``b`');
    expect(dialectFor('mariadb').qualifiedName({ name: 't' })).toBe('`t`');
    expect(dialectFor('transactsql').quoteIdentifier('a]b')).toBe('[a]]b]');
    expect(dialectFor('transactsql').qualifiedName({ schema: 'dbo', name: 't' })).toBe('[dbo].[t]');
    expect(dialectFor('snowflake').quoteIdentifier('ORDERS')).toBe('"ORDERS"');
  });

  it('limits rows with LIMIT or TOP around the statement', () => {
    expect(dialectFor('postgresql').limitQuery('SELECT a FROM t;  ', 10)).toBe(
      'SELECT * FROM (SELECT a FROM t) AS q LIMIT 10',
    );
    expect(dialectFor('sqlite').limitQuery('SELECT a FROM t -- note', 5)).toBe(
      'SELECT * FROM (SELECT a FROM t -- note\n) LIMIT 5',
    );
    expect(dialectFor('transactsql').limitQuery('SELECT a FROM t', 3)).toBe(
      'SELECT TOP (3) * FROM (SELECT a FROM t) AS q',
    );
    expect(() => dialectFor('mysql').limitQuery('SELECT 1', -1)).toThrow(RangeError);
    expect(() => dialectFor('mysql').limitQuery('SELECT 1', 1.5)).toThrow(RangeError);
    expect(stripTrailingTerminator('SELECT 1 ;\n;')).toBe('SELECT 1');
  });

  it.each([
    ['sqlite', 'sqlite'],
    ['postgresql', 'postgresql'],
    ['mysql', 'mysql'],
    ['mariadb', 'mariadb'],
    ['transactsql', 'transactsql'],
    ['snowflake', 'snowflake'],
  ] as const)('writes sample-value and limit SQL that node-sql-parser accepts as %s', (dialect, database) => {
    const d = dialectFor(dialect);
    const sample = d.sampleValuesSql({ schema: 'sales', name: 'orders' }, 'status', 50_000, 51);
    parses(sample, database);
    expect(sample).toContain('50000');
    expect(sample).toContain('51');
    parses(d.limitQuery('SELECT id FROM orders', 101), database);
  });

  it('sets statement timeouts and read-only transactions the way each engine documents', () => {
    expect(dialectFor('postgresql').statementTimeoutSql(1500)).toBe('SET LOCAL statement_timeout = 1500');
    expect(dialectFor('postgresql').beginReadOnlySql()).toEqual(['BEGIN READ ONLY']);
    expect(dialectFor('mariadb').statementTimeoutSql(1500)).toBe('SET SESSION max_statement_time = 1.500');
    expect(dialectFor('mysql').statementTimeoutSql(1500)).toBe('SET SESSION max_execution_time = 1500');
    expect(dialectFor('mysql').beginReadOnlySql()).toEqual([
      'SET SESSION TRANSACTION READ ONLY',
      'START TRANSACTION READ ONLY',
    ]);
    expect(dialectFor('snowflake').statementTimeoutSql(1500)).toBe(
      'ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 2',
    );
    expect(dialectFor('snowflake').statementTimeoutSql(10)).toBe('ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 1');
    expect(dialectFor('sqlite').statementTimeoutSql(1500)).toBeNull();
    expect(dialectFor('transactsql').statementTimeoutSql(1500)).toBeNull();
    expect(dialectFor('transactsql').beginReadOnlySql()).toEqual([]);
    parses(dialectFor('postgresql').statementTimeoutSql(1500)!, 'postgresql');
    parses(dialectFor('mariadb').statementTimeoutSql(1500)!, 'mariadb');
  });

  it('samples only text-like declared types', () => {
    const yes: Array<[Parameters<typeof dialectFor>[0], string]> = [
      ['sqlite', 'TEXT'],
      ['sqlite', 'VARCHAR(20)'],
      ['sqlite', 'NATIONAL CHARACTER(5)'],
      ['postgresql', 'character varying(80)'],
      ['postgresql', 'text'],
      ['mysql', 'varchar(40)'],
      ['mysql', "enum('a','b')"],
      ['mariadb', 'tinytext'],
      ['transactsql', 'nvarchar(50)'],
      ['snowflake', 'VARCHAR(16777216)'],
    ];
    const no: Array<[Parameters<typeof dialectFor>[0], string]> = [
      ['sqlite', 'INTEGER'],
      ['sqlite', 'BLOB'],
      ['postgresql', 'integer'],
      ['postgresql', 'timestamp without time zone'],
      ['mysql', 'int(11)'],
      ['mysql', 'datetime'],
      ['transactsql', 'nvarchar(max)'],
      ['transactsql', 'ntext'],
      ['snowflake', 'NUMBER(38,0)'],
    ];
    for (const [d, t] of yes) expect([d, t, dialectFor(d).isTextType(t)]).toEqual([d, t, true]);
    for (const [d, t] of no) expect([d, t, dialectFor(d).isTextType(t)]).toEqual([d, t, false]);
  });
});
