import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { buildSqlPrompt, renderSchema, renderTableSchema, type PromptTableSchema } from './prompt';

const col = (name: string, extra: Partial<TableSchema['columns'][number]> = {}) => ({
  name,
  type: 'integer',
  nullable: true,
  primaryKey: false,
  ...extra,
});
const orders = (schema: string | null, referencedTable: string): TableSchema => ({
  name: 'orders',
  schema,
  kind: 'table',
  columns: [col('id', { primaryKey: true, nullable: false }), col('customer_id'), col('total', { type: 'numeric' })],
  primaryKey: ['id'],
  foreignKeys: [{ columns: ['customer_id'], referencedTable, referencedColumns: ['id'] }],
});
const customers = (schema: string | null): TableSchema => ({
  name: 'customers',
  schema,
  kind: 'table',
  columns: [col('id', { primaryKey: true, nullable: false }), col('name', { type: 'text' })],
  primaryKey: ['id'],
  foreignKeys: [],
});

describe('renderTableSchema: schemas and compact tables', () => {
  it('names the referenced schema: qualified references stay, bare ones resolve within the catalog', () => {
    expect(renderTableSchema(orders('sales', 'archive.customers'))).toContain(
      'customer_id integer REFERENCES archive.customers(id)',
    );
    const merged = [orders('sales', 'customers'), customers('sales'), customers('archive')];
    expect(renderTableSchema(merged[0], merged)).toContain('REFERENCES sales.customers(id)');
    const withDefault = [orders('sales', 'customers'), customers(null), customers('sales')];
    expect(renderTableSchema(withDefault[0], withDefault)).toContain('REFERENCES customers(id)');
    expect(renderTableSchema(orders(null, 'customers'), [customers(null)])).toContain('REFERENCES customers(id)');
  });

  it('renders two same-named tables of two schemas as two tables', () => {
    const schema: DatabaseSchema = {
      dialect: 'postgresql',
      version: 'v',
      introspectedAt: 'now',
      tables: [orders('sales', 'customers'), customers('sales'), orders('archive', 'customers'), customers('archive')],
    };
    const text = renderSchema(schema);
    expect(text).toContain('CREATE TABLE sales.orders (');
    expect(text).toContain('CREATE TABLE archive.orders (');
    expect(text).toContain('REFERENCES sales.customers(id)');
    expect(text).toContain('REFERENCES archive.customers(id)');
    expect(
      buildSqlPrompt({ question: 'q', dialect: 'postgresql', schema, examples: [], previousAttempt: null, maxRows: 10 })
        .user,
    ).toContain('REFERENCES archive.customers(id)');
  });

  it('shows only promptColumns, counts the rest, and shows values of promptValueColumns only', () => {
    const wide: PromptTableSchema = {
      ...customers(null),
      columns: [
        col('id', { primaryKey: true, nullable: false }),
        col('name', { type: 'text', sampleValues: ['Ann'] }),
        col('city', { type: 'text', sampleValues: ['Oslo'] }),
        col('a'),
        col('b'),
      ],
      promptColumns: ['id', 'name', 'city'],
      promptValueColumns: ['city'],
    };
    expect(renderTableSchema(wide)).toBe(
      [
        'CREATE TABLE customers (',
        '  id integer PRIMARY KEY,',
        '  name text,',
        "  city text -- values: 'Oslo'",
        '  -- + 2 more columns',
        ');',
      ].join('\n'),
    );
    expect(renderTableSchema({ ...wide, promptColumns: ['id', 'name', 'city', 'a'] })).toContain(
      '-- + 1 more column\n',
    );
  });
});
