/**
 * assembleInformationSchema with sample information_schema-style rows (no server): visibility of the current
 * schema, view handling, key assembly and rows of unknown tables.
 */
import { assembleInformationSchema, schemaVisibility, tableKey } from './catalog-assembly';
import { str } from './catalog-query';

const typeName = (r: Record<string, unknown>) => str(r.data_type) ?? '';

describe('assembleInformationSchema', () => {
  const rows = {
    tables: [
      {
        table_schema: 'app',
        table_name: 'customers',
        table_type: 'BASE TABLE',
        table_comment: 'People',
        row_count: '3',
      },
      { table_schema: 'sales', table_name: 'orders', table_type: 'BASE TABLE', table_comment: '  ', row_count: 5 },
      { table_schema: 'app', table_name: 'big_orders', table_type: 'VIEW', table_comment: 'VIEW', row_count: 9 },
    ],
    columns: [
      { table_schema: 'app', table_name: 'customers', column_name: 'id', data_type: 'int', is_nullable: 'NO' },
      {
        table_schema: 'app',
        table_name: 'customers',
        column_name: 'name',
        data_type: 'text',
        is_nullable: 'YES',
        column_comment: 'Full name',
      },
      { table_schema: 'sales', table_name: 'orders', column_name: 'id', data_type: 'int', is_nullable: 'NO' },
      { table_schema: 'sales', table_name: 'orders', column_name: 'customer_id', data_type: 'int', is_nullable: 'yes' },
      { table_schema: 'gone', table_name: 'ghost', column_name: 'x', data_type: 'int', is_nullable: 'NO' },
    ],
    primaryKeys: [
      { table_schema: 'app', table_name: 'customers', column_name: 'id' },
      { table_schema: 'sales', table_name: 'orders', column_name: 'id' },
      { table_schema: 'gone', table_name: 'ghost', column_name: 'x' },
    ],
    foreignKeys: [
      {
        table_schema: 'sales',
        table_name: 'orders',
        constraint_name: 'fk_c',
        column_name: 'customer_id',
        ref_schema: 'app',
        ref_table: 'customers',
        ref_column: 'id',
      },
      {
        table_schema: 'app',
        table_name: 'customers',
        constraint_name: 'fk_self',
        column_name: 'id',
        ref_schema: 'sales',
        ref_table: 'orders',
        ref_column: 'id',
      },
      {
        table_schema: 'gone',
        table_name: 'ghost',
        constraint_name: 'fk_g',
        column_name: 'x',
        ref_schema: 'app',
        ref_table: 'customers',
        ref_column: 'id',
      },
    ],
  };

  it('builds tables, columns and keys; current-schema tables get schema null and bare names in foreign keys', () => {
    const tables = assembleInformationSchema('app', rows, { typeName });
    expect(tables).toEqual([
      {
        name: 'customers',
        schema: null,
        kind: 'table',
        columns: [
          { name: 'id', type: 'int', nullable: false, primaryKey: true, comment: null },
          { name: 'name', type: 'text', nullable: true, primaryKey: false, comment: 'Full name' },
        ],
        primaryKey: ['id'],
        foreignKeys: [{ columns: ['id'], referencedTable: 'sales.orders', referencedColumns: ['id'] }],
        comment: 'People',
        rowCount: 3,
      },
      {
        name: 'orders',
        schema: 'sales',
        kind: 'table',
        columns: [
          { name: 'id', type: 'int', nullable: false, primaryKey: true, comment: null },
          { name: 'customer_id', type: 'int', nullable: true, primaryKey: false, comment: null },
        ],
        primaryKey: ['id'],
        foreignKeys: [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
        comment: null,
        rowCount: 5,
      },
      {
        name: 'big_orders',
        schema: null,
        kind: 'view',
        columns: [],
        primaryKey: [],
        foreignKeys: [],
        comment: 'VIEW',
        rowCount: null,
      },
    ]);
  });

  it('groups the column pairs of one constraint and drops view comments when asked', () => {
    const tables = assembleInformationSchema(
      null,
      {
        ...rows,
        foreignKeys: [
          {
            table_schema: 'sales',
            table_name: 'orders',
            constraint_name: 'fk2',
            column_name: 'a',
            ref_schema: 'app',
            ref_table: 't',
            ref_column: 'x',
          },
          {
            table_schema: 'sales',
            table_name: 'orders',
            constraint_name: 'fk2',
            column_name: 'b',
            ref_schema: 'app',
            ref_table: 't',
            ref_column: 'y',
          },
        ],
      },
      { typeName, dropViewComments: true },
    );
    expect(tables.map((t) => t.schema)).toEqual(['app', 'sales', 'app']);
    expect(tables[1].foreignKeys).toEqual([
      { columns: ['a', 'b'], referencedTable: 'app.t', referencedColumns: ['x', 'y'] },
    ]);
    expect(tables[2].comment).toBeNull();
  });
});

describe('schemaVisibility and tableKey', () => {
  it('hides only the current schema', () => {
    expect(schemaVisibility('dbo')('dbo')).toBeNull();
    expect(schemaVisibility('dbo')('sales')).toBe('sales');
    expect(schemaVisibility(null)('dbo')).toBe('dbo');
  });

  it('keys a table by schema and name', () => {
    expect(tableKey('a', 'b.c')).not.toBe(tableKey('a.b', 'c'));
    expect(tableKey('a', 'b')).toBe(tableKey('a', 'b'));
  });
});
