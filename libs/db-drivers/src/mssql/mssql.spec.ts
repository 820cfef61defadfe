/**
 * SQL Server without a server (none exists on the development machines): URL -> client config, dialect, the
 * catalog SQL parsed by node-sql-parser as transactsql, catalog rows -> DatabaseSchema, and the mssql package's
 * real error classes -> DatabaseError kinds.
 */
import { Parser } from 'node-sql-parser';
import { parseConnectionUrl } from '../connection-url';
import { DatabaseError } from '../errors';
import { columnNames, MssqlDriver, mssqlClientConfig } from './mssql.driver';
import { mapMssqlError, mssqlErrorKind } from './mssql.errors';
import * as catalog from './mssql.introspector';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const mssql = require('mssql') as {
  RequestError: new (message: string, code?: string) => Error & { number?: number; code?: string };
  ConnectionError: new (message: string, code?: string) => Error & { code?: string };
};

describe('SQL Server URL -> mssql config', () => {
  it('maps host, port, credentials, database and TLS options', () => {
    const cfg = mssqlClientConfig(
      parseConnectionUrl(
        'mssql://report%20user:p%40ss@sql.example.com:14330/Sales?encrypt=false&trustServerCertificate=true',
      ),
      4,
    );
    expect(cfg).toMatchObject({
      server: 'sql.example.com',
      port: 14330,
      user: 'report user',
      password: 'p@ss',
      database: 'Sales',
      pool: { max: 4, min: 0 },
      options: { encrypt: false, trustServerCertificate: true, appName: 'nlq' },
    });
  });

  it('defaults to encrypted connections and leaves the port to SQL Browser with an instance name', () => {
    const cfg = mssqlClientConfig(parseConnectionUrl('sqlserver://sa:pw@host/db?instanceName=SQLEXPRESS'), 5);
    expect(cfg.options).toMatchObject({ encrypt: true, trustServerCertificate: false, instanceName: 'SQLEXPRESS' });
    expect(cfg.port).toBeUndefined();
  });
});

describe('SQL Server catalog SQL', () => {
  const parser = new Parser();
  it.each(Object.entries(catalog).filter(([, v]) => typeof v === 'string'))(
    '%s parses as transactsql',
    (_name, sql) => {
      const ast = parser.astify(sql as string, { database: 'transactsql' });
      expect(Array.isArray(ast) ? ast[0].type : ast.type).toBe('select');
    },
  );

  it('maps sample catalog rows to tables, columns, keys and comments', () => {
    const tables = catalog.buildMssqlTables(
      'dbo',
      [
        {
          table_schema: 'dbo',
          table_name: 'Customers',
          table_type: 'BASE TABLE',
          table_comment: 'People who buy',
          row_count: 3,
        },
        { table_schema: 'dbo', table_name: 'Orders', table_type: 'BASE TABLE', table_comment: null, row_count: 5 },
        { table_schema: 'hr', table_name: 'Staff', table_type: 'BASE TABLE', table_comment: null, row_count: 0 },
        { table_schema: 'dbo', table_name: 'OpenOrders', table_type: 'VIEW', table_comment: null, row_count: null },
      ],
      [
        {
          table_schema: 'dbo',
          table_name: 'Customers',
          column_name: 'Id',
          data_type: 'int',
          is_nullable: 'NO',
          column_comment: null,
        },
        {
          table_schema: 'dbo',
          table_name: 'Customers',
          column_name: 'Country',
          data_type: 'nvarchar',
          char_length: 40,
          is_nullable: 'YES',
          column_comment: 'Country name',
        },
        {
          table_schema: 'dbo',
          table_name: 'Customers',
          column_name: 'Notes',
          data_type: 'nvarchar',
          char_length: -1,
          is_nullable: 'YES',
        },
        { table_schema: 'dbo', table_name: 'Orders', column_name: 'Id', data_type: 'int', is_nullable: 'NO' },
        { table_schema: 'dbo', table_name: 'Orders', column_name: 'CustomerId', data_type: 'int', is_nullable: 'NO' },
        {
          table_schema: 'dbo',
          table_name: 'Orders',
          column_name: 'Amount',
          data_type: 'decimal',
          numeric_precision: 10,
          numeric_scale: 2,
          is_nullable: 'YES',
        },
        { table_schema: 'dbo', table_name: 'Orders', column_name: 'StaffId', data_type: 'int', is_nullable: 'YES' },
        { table_schema: 'dbo', table_name: 'OpenOrders', column_name: 'Id', data_type: 'int', is_nullable: 'NO' },
      ],
      [
        { table_schema: 'dbo', table_name: 'Customers', column_name: 'Id', ordinal_position: 1 },
        { table_schema: 'dbo', table_name: 'Orders', column_name: 'Id', ordinal_position: 1 },
      ],
      [
        {
          table_schema: 'dbo',
          table_name: 'Orders',
          constraint_name: 'FK_O_C',
          column_name: 'CustomerId',
          ref_schema: 'dbo',
          ref_table: 'Customers',
          ref_column: 'Id',
          ordinal_position: 1,
        },
        {
          table_schema: 'dbo',
          table_name: 'Orders',
          constraint_name: 'FK_O_S',
          column_name: 'StaffId',
          ref_schema: 'hr',
          ref_table: 'Staff',
          ref_column: 'Id',
          ordinal_position: 1,
        },
      ],
    );
    const byName = Object.fromEntries(tables.map((t) => [t.name, t]));
    expect(byName.Customers).toMatchObject({
      schema: null,
      kind: 'table',
      comment: 'People who buy',
      rowCount: 3,
      primaryKey: ['Id'],
    });
    expect(byName.Customers.columns).toEqual([
      { name: 'Id', type: 'int', nullable: false, primaryKey: true, comment: null },
      { name: 'Country', type: 'nvarchar(40)', nullable: true, primaryKey: false, comment: 'Country name' },
      { name: 'Notes', type: 'nvarchar(max)', nullable: true, primaryKey: false, comment: null },
    ]);
    expect(byName.Orders.columns.find((c) => c.name === 'Amount')!.type).toBe('decimal(10,2)');
    expect(byName.Orders.foreignKeys).toEqual([
      { columns: ['CustomerId'], referencedTable: 'Customers', referencedColumns: ['Id'] },
      { columns: ['StaffId'], referencedTable: 'hr.Staff', referencedColumns: ['Id'] },
    ]);
    expect(byName.Staff.schema).toBe('hr');
    expect(byName.OpenOrders).toMatchObject({ kind: 'view', rowCount: null });
  });

  it('reads column names from both recordset shapes', () => {
    expect(
      columnNames([
        { name: 'a', index: 0 },
        { name: 'a', index: 1 },
      ]),
    ).toEqual(['a', 'a']);
    expect(columnNames({ b: { name: 'b', index: 1 }, a: { name: 'a', index: 0 } })).toEqual(['a', 'b']);
  });
});

describe('SQL Server error mapping (mssql error classes, documented error numbers)', () => {
  const requestError = (number: number, message: string) =>
    Object.assign(new mssql.RequestError(message, 'EREQUEST'), { number });
  it.each([
    [208, "Invalid object name 'nope'.", 'syntax'],
    [207, "Invalid column name 'nope'.", 'syntax'],
    [102, "Incorrect syntax near 'FORM'.", 'syntax'],
    [4104, 'The multi-part identifier "o.x" could not be bound.', 'syntax'],
    [2627, "Violation of PRIMARY KEY constraint 'PK_Orders'.", 'constraint'],
    [547, 'The INSERT statement conflicted with the FOREIGN KEY constraint "FK_O_C".', 'constraint'],
    [515, "Cannot insert the value NULL into column 'Status'.", 'constraint'],
    [1222, 'Lock request time out period exceeded.', 'timeout'],
    [3906, 'Failed to update database "Sales" because the database is read-only.', 'read_only'],
    [229, "The INSERT permission was denied on the object 'Orders', database 'Sales', schema 'dbo'.", 'read_only'],
    [229, "The SELECT permission was denied on the object 'Orders', database 'Sales', schema 'dbo'.", 'other'],
    [18456, "Login failed for user 'sa'.", 'connection'],
    [8134, 'Divide by zero error encountered.', 'other'],
  ])('error %i -> %s', (number, message, kind) => {
    expect(mssqlErrorKind(number, message)).toBe(kind);
    expect(mapMssqlError(requestError(number, message))).toMatchObject({ kind, engineCode: String(number), message });
  });

  it('maps the package codes', () => {
    expect(
      mapMssqlError(new mssql.RequestError('Timeout: Request failed to complete in 1000ms', 'ETIMEOUT')).kind,
    ).toBe('timeout');
    expect(mapMssqlError(new mssql.ConnectionError('Failed to connect in 15000ms', 'ETIMEOUT')).kind).toBe(
      'connection',
    );
    expect(mapMssqlError(new mssql.ConnectionError('Login failed', 'ELOGIN')).kind).toBe('connection');
    expect(mapMssqlError(new mssql.ConnectionError('Could not connect (sequence)', 'ESOCKET')).kind).toBe('connection');
    expect(mapMssqlError(new mssql.RequestError('Canceled.', 'ECANCEL')).kind).toBe('timeout');
  });

  it('reports an unreachable server with kind connection through the real client', async () => {
    const driver = new MssqlDriver(parseConnectionUrl('mssql://sa:pw@127.0.0.1:1/master?encrypt=false'));
    const err = await driver.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseError);
    expect((err as DatabaseError).kind).toBe('connection');
    await driver.close();
  });
});
