/**
 * Snowflake without an account (none is reachable from the development machines): URL -> connection options,
 * dialect, INFORMATION_SCHEMA SQL parsed by node-sql-parser as snowflake, catalog and SHOW rows -> DatabaseSchema,
 * and documented error codes (server codes, snowflake-sdk's ErrorCode enum) -> DatabaseError kinds.
 */
import { Parser } from 'node-sql-parser';
import { parseConnectionUrl } from '../connection-url';
import { snowflakeConnectionOptions } from './snowflake.driver';
import { mapSnowflakeError, snowflakeErrorKind } from './snowflake.errors';
import * as catalog from './snowflake.introspector';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ErrorCode = (require('snowflake-sdk/dist/lib/error_code') as { default: Record<string, number> }).default;

describe('Snowflake URL -> connection options', () => {
  it('maps account, credentials, database, schema, warehouse and role', () => {
    expect(
      snowflakeConnectionOptions(
        parseConnectionUrl('snowflake://ana:pw%21@myorg-acct1/SALES/PUBLIC?warehouse=COMPUTE_WH&role=NLQ_READER'),
      ),
    ).toEqual({
      account: 'myorg-acct1',
      username: 'ana',
      password: 'pw!',
      database: 'SALES',
      schema: 'PUBLIC',
      warehouse: 'COMPUTE_WH',
      role: 'NLQ_READER',
      authenticator: undefined,
      application: 'nlq',
    });
    expect(
      snowflakeConnectionOptions(parseConnectionUrl('snowflake://ana@xy12345.eu-west-1.snowflakecomputing.com/DB'))
        .account,
    ).toBe('xy12345.eu-west-1');
  });
});

describe('Snowflake catalog SQL', () => {
  const parser = new Parser();
  it.each([
    ['SNOWFLAKE_CURRENT_SCHEMA_SQL', catalog.SNOWFLAKE_CURRENT_SCHEMA_SQL],
    ['SNOWFLAKE_TABLES_SQL', catalog.SNOWFLAKE_TABLES_SQL],
    ['SNOWFLAKE_COLUMNS_SQL', catalog.SNOWFLAKE_COLUMNS_SQL],
  ])('%s parses as snowflake', (_name, sql) => {
    const ast = parser.astify(sql, { database: 'snowflake' });
    expect(Array.isArray(ast) ? ast[0].type : ast.type).toBe('select');
  });

  it('uses SHOW commands for keys (Snowflake INFORMATION_SCHEMA has no KEY_COLUMN_USAGE)', () => {
    expect(catalog.SNOWFLAKE_PRIMARY_KEYS_SQL).toBe('SHOW PRIMARY KEYS IN DATABASE');
    expect(catalog.SNOWFLAKE_IMPORTED_KEYS_SQL).toBe('SHOW IMPORTED KEYS IN DATABASE');
  });

  it('maps sample INFORMATION_SCHEMA and SHOW rows to tables', () => {
    const tables = catalog.buildSnowflakeTables(
      'PUBLIC',
      [
        {
          table_schema: 'PUBLIC',
          table_name: 'CUSTOMERS',
          table_type: 'BASE TABLE',
          table_comment: 'People who buy',
          row_count: 3,
        },
        { table_schema: 'PUBLIC', table_name: 'ORDERS', table_type: 'BASE TABLE', table_comment: '', row_count: 5 },
        { table_schema: 'PUBLIC', table_name: 'OPEN_ORDERS', table_type: 'VIEW', table_comment: null, row_count: null },
      ],
      [
        {
          table_schema: 'PUBLIC',
          table_name: 'CUSTOMERS',
          column_name: 'ID',
          data_type: 'NUMBER',
          numeric_precision: 38,
          numeric_scale: 0,
          is_nullable: 'NO',
        },
        {
          table_schema: 'PUBLIC',
          table_name: 'CUSTOMERS',
          column_name: 'COUNTRY',
          data_type: 'TEXT',
          char_length: 40,
          is_nullable: 'YES',
          column_comment: 'Country name',
        },
        {
          table_schema: 'PUBLIC',
          table_name: 'ORDERS',
          column_name: 'ID',
          data_type: 'NUMBER',
          numeric_precision: 38,
          numeric_scale: 0,
          is_nullable: 'NO',
        },
        {
          table_schema: 'PUBLIC',
          table_name: 'ORDERS',
          column_name: 'CUSTOMER_ID',
          data_type: 'NUMBER',
          numeric_precision: 38,
          numeric_scale: 0,
          is_nullable: 'NO',
        },
        {
          table_schema: 'PUBLIC',
          table_name: 'ORDERS',
          column_name: 'DELETED_AT',
          data_type: 'TIMESTAMP_NTZ',
          is_nullable: 'YES',
        },
      ],
      [
        { schema_name: 'PUBLIC', table_name: 'CUSTOMERS', column_name: 'ID', key_sequence: 1, constraint_name: 'PK_C' },
        { schema_name: 'PUBLIC', table_name: 'ORDERS', column_name: 'ID', key_sequence: 1, constraint_name: 'PK_O' },
      ],
      [
        {
          pk_schema_name: 'PUBLIC',
          pk_table_name: 'CUSTOMERS',
          pk_column_name: 'ID',
          fk_schema_name: 'PUBLIC',
          fk_table_name: 'ORDERS',
          fk_column_name: 'CUSTOMER_ID',
          key_sequence: 1,
          fk_name: 'FK_O_C',
        },
      ],
    );
    const byName = Object.fromEntries(tables.map((t) => [t.name, t]));
    expect(byName.CUSTOMERS).toMatchObject({
      schema: null,
      comment: 'People who buy',
      rowCount: 3,
      primaryKey: ['ID'],
    });
    expect(byName.CUSTOMERS.columns).toEqual([
      { name: 'ID', type: 'NUMBER(38,0)', nullable: false, primaryKey: true, comment: null },
      { name: 'COUNTRY', type: 'VARCHAR(40)', nullable: true, primaryKey: false, comment: 'Country name' },
    ]);
    expect(byName.ORDERS.comment).toBeNull();
    expect(byName.ORDERS.foreignKeys).toEqual([
      { columns: ['CUSTOMER_ID'], referencedTable: 'CUSTOMERS', referencedColumns: ['ID'] },
    ]);
    expect(byName.OPEN_ORDERS).toMatchObject({ kind: 'view', rowCount: null });
  });

  it('introspects through a catalog query and survives a failing SHOW', async () => {
    const seen: string[] = [];
    const tables = await catalog.introspectSnowflake(async (sql) => {
      seen.push(sql);
      if (sql.startsWith('SHOW'))
        throw new Error('Cannot perform SHOW. This session does not have a current database.');
      if (sql === catalog.SNOWFLAKE_CURRENT_SCHEMA_SQL) return [{ current_schema: 'PUBLIC' }];
      if (sql === catalog.SNOWFLAKE_TABLES_SQL)
        return [{ table_schema: 'PUBLIC', table_name: 'T', table_type: 'BASE TABLE' }];
      return [{ table_schema: 'PUBLIC', table_name: 'T', column_name: 'A', data_type: 'BOOLEAN', is_nullable: 'YES' }];
    });
    expect(seen).toHaveLength(5);
    expect(tables).toEqual([
      {
        name: 'T',
        schema: null,
        kind: 'table',
        columns: [{ name: 'A', type: 'BOOLEAN', nullable: true, primaryKey: false, comment: null }],
        primaryKey: [],
        foreignKeys: [],
        comment: null,
        rowCount: null,
      },
    ]);
  });
});

describe('Snowflake error mapping', () => {
  it.each([
    ['000630', 'Statement reached its statement or warehouse timeout of 1 second(s) and was canceled.', 'timeout'],
    ['000604', 'SQL execution canceled', 'timeout'],
    ['001003', "SQL compilation error: syntax error line 1 at position 7 unexpected 'FORM'.", 'syntax'],
    ['002003', "SQL compilation error: Object 'NOPE' does not exist or not authorized.", 'syntax'],
    ['000904', "SQL compilation error: error line 1 at position 7 invalid identifier 'NOPE'", 'syntax'],
    ['003001', 'SQL access control error: Insufficient privileges to operate on table ORDERS', 'read_only'],
    ['100072', 'NULL result in a non-nullable column', 'constraint'],
    ['390100', 'Incorrect username or password was specified.', 'connection'],
  ])('server code %s -> %s', (code, message, kind) => {
    expect(mapSnowflakeError(Object.assign(new Error(message), { code, sqlState: '42000' }))).toMatchObject({
      kind,
      engineCode: code,
      message,
    });
  });

  it('maps snowflake-sdk client codes and SQLSTATE fallbacks', () => {
    expect(snowflakeErrorKind(ErrorCode.ERR_SF_NETWORK_COULD_NOT_CONNECT)).toBe('connection');
    expect(snowflakeErrorKind(ErrorCode.ERR_SF_RESPONSE_FAILURE)).toBe('connection');
    expect(snowflakeErrorKind(ErrorCode.ERR_CONN_CREATE_MISSING_ACCOUNT)).toBe('connection');
    expect(snowflakeErrorKind('999999', '42601')).toBe('syntax');
    expect(snowflakeErrorKind('999999', '57014')).toBe('timeout');
    expect(snowflakeErrorKind(undefined)).toBe('other');
  });
});
