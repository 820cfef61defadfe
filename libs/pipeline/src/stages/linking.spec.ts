import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import type { PromptTableSchema } from '@nlq/llm-providers';
import { estimateTokens, linkSchema, renderSchema } from './linking';

const col = (name: string, extra: Partial<TableSchema['columns'][number]> = {}) => ({
  name,
  type: 'TEXT',
  nullable: true,
  primaryKey: false,
  ...extra,
});
const table = (
  name: string,
  columns: ReturnType<typeof col>[],
  fks: TableSchema['foreignKeys'] = [],
  comment: string | null = null,
): TableSchema => ({
  name,
  kind: 'table',
  columns: [col('id', { type: 'INTEGER', primaryKey: true }), ...columns],
  primaryKey: ['id'],
  foreignKeys: fks,
  comment,
});

function schema(): DatabaseSchema {
  const filler = Array.from({ length: 30 }, (_, i) =>
    table(
      `audit_log_${i}`,
      Array.from({ length: 8 }, (_, j) => col(`field_${j}_value`)),
    ),
  );
  return {
    dialect: 'sqlite',
    version: 'v1',
    introspectedAt: '2024-01-01T00:00:00.000Z',
    tables: [
      ...filler,
      table('customers', [col('name'), col('country', { sampleValues: ['France', 'Spain'] })]),
      table(
        'orders',
        [col('customer_id', { type: 'INTEGER' }), col('total', { type: 'REAL' })],
        [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
      ),
      table(
        'order_items',
        [col('order_id', { type: 'INTEGER' }), col('product_id', { type: 'INTEGER' })],
        [
          { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['id'] },
          { columns: ['product_id'], referencedTable: 'products', referencedColumns: ['id'] },
        ],
      ),
      table('products', [col('title'), col('price', { type: 'REAL' })]),
      table('suppliers', [col('company')], [], 'vendors that deliver stock'),
    ],
  };
}

describe('linking stage', () => {
  it('passes a schema that fits the budget unchanged', () => {
    const s = schema();
    const linked = linkSchema('how many customers', s, estimateTokens(renderSchema(s)));
    expect(linked.reduced).toBe(false);
    expect(linked.schema).toBe(s);
    expect(linked.linkedTables).toHaveLength(35);
  });

  it('keeps matching tables and their foreign-key neighbours within the budget', () => {
    const s = schema();
    const budget = 200;
    const linked = linkSchema('Total of orders per customer', s, budget);
    expect(linked.reduced).toBe(true);
    expect(linked.linkedTables).toEqual(expect.arrayContaining(['customers', 'orders', 'order_items']));
    expect(linked.linkedTables.some((t) => t.startsWith('audit_log'))).toBe(false);
    expect(estimateTokens(renderSchema(linked.schema))).toBeLessThanOrEqual(budget);
  });

  it('matches sample values and comments', () => {
    const s = schema();
    expect(linkSchema('who lives in Spain', s, 100).linkedTables).toContain('customers');
    expect(linkSchema('list the vendors', s, 100).linkedTables).toContain('suppliers');
  });

  it('keeps at least one table when nothing matches, staying within the budget otherwise', () => {
    const s = schema();
    const linked = linkSchema('zzz qqq', s, 1);
    expect(linked.linkedTables).toHaveLength(1);
  });

  const filler = (schemaName: string | null, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      ...table(
        `audit_log_${i}`,
        Array.from({ length: 8 }, (_, j) => col(`field_${j}_value`)),
      ),
      schema: schemaName,
    }));
  const catalog = (tables: TableSchema[]): DatabaseSchema => ({
    dialect: 'postgresql',
    version: 'v',
    introspectedAt: 'now',
    tables,
  });

  it('tells same-named tables of two namespaces apart and joins each within its own namespace', () => {
    const orders = (ns: string, extra: string) => ({
      ...table(
        'orders',
        [col('customer_id', { type: 'INTEGER' }), col(extra, { type: 'REAL' })],
        [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
      ),
      schema: ns,
    });
    const customers = (ns: string) => ({ ...table('customers', [col('name')]), schema: ns });
    const s = catalog([
      ...filler('ops', 30),
      orders('sales', 'total'),
      customers('sales'),
      orders('archive', 'archived_total'),
      customers('archive'),
    ]);
    const linked = linkSchema('archived total of orders per customer', s, 150);
    expect(linked.reduced).toBe(true);
    expect(linked.linkedTables).toEqual(expect.arrayContaining(['archive.orders', 'archive.customers']));
    const archived = linked.schema.tables.find((t) => t.schema === 'archive' && t.name === 'orders')!;
    expect(archived.foreignKeys[0].referencedTable).toBe('archive.customers');
    expect(renderSchema(linked.schema)).toContain('REFERENCES archive.customers(id)');
  });

  it('joins picks through bridge tables on the shortest foreign-key path', () => {
    const s = catalog([
      ...filler(null, 30),
      table('students', [col('full_name')]),
      table('courses', [col('title')]),
      table(
        'enrolments',
        [col('student_id', { type: 'INTEGER' }), col('course_id', { type: 'INTEGER' })],
        [
          { columns: ['student_id'], referencedTable: 'students', referencedColumns: ['id'] },
          { columns: ['course_id'], referencedTable: 'courses', referencedColumns: ['id'] },
        ],
      ),
    ]);
    const linked = linkSchema('students with the title of their courses', s, 120);
    expect(linked.reduced).toBe(true);
    expect(linked.linkedTables).toEqual(expect.arrayContaining(['students', 'courses', 'enrolments']));
  });

  it('shows key and touched columns of a wide table and counts the rest, keeping its columns complete', () => {
    const wide = table(
      'shipments',
      [
        col('warehouse_id', { type: 'INTEGER' }),
        ...Array.from({ length: 40 }, (_, i) => col(`metric_${i}`)),
        col('carrier', { sampleValues: ['DHL', 'UPS'] }),
      ],
      [{ columns: ['warehouse_id'], referencedTable: 'warehouses', referencedColumns: ['id'] }],
    );
    const s = catalog([...filler(null, 30), wide, table('warehouses', [col('city')])]);
    const linked = linkSchema('shipments sent with DHL', s, 120);
    const kept = linked.schema.tables.find((t) => t.name === 'shipments') as PromptTableSchema;
    expect(kept.columns).toHaveLength(43);
    expect(kept.promptColumns).toEqual(['id', 'warehouse_id', 'carrier']);
    expect(kept.promptValueColumns).toEqual(['carrier']);
    const text = renderSchema(linked.schema);
    expect(text).toContain("carrier TEXT -- values: 'DHL', 'UPS'");
    expect(text).toContain('-- + 40 more columns');
    expect(estimateTokens(text)).toBeLessThanOrEqual(120);
    expect(linked.estimatedTokens).toBe(estimateTokens(text));
  });

  it('matches question words inside identifiers written without separators', () => {
    const s = catalog([
      ...filler(null, 30),
      table('sbtransaction', [col('sbtxamount', { type: 'REAL' })]),
      table('sbcustomer', [col('sbcustname')]),
    ]);
    expect(linkSchema('total transaction amount', s, 60).linkedTables).toContain('sbtransaction');
  });

  it('links an empty schema without throwing', () => {
    expect(linkSchema('anything', catalog([]), 10)).toEqual(
      expect.objectContaining({ linkedTables: [], reduced: false }),
    );
  });

  it('stays within the budget and reports the tokens of the text the prompt carries', () => {
    const words = [
      'orders',
      'customers',
      'invoices',
      'payments',
      'products',
      'suppliers',
      'shipments',
      'employees',
      'regions',
      'stores',
    ];
    const tables: TableSchema[] = [];
    for (let n = 0; n < 6; n++) {
      words.forEach((w, i) => {
        const fks =
          i > 0 ? [{ columns: [`${words[i - 1]}_id`], referencedTable: words[i - 1], referencedColumns: ['id'] }] : [];
        const columns = Array.from({ length: 3 + ((i * 7 + n) % 20) }, (_, j) =>
          col(`${w}_attribute_${j}`, j === 0 ? { sampleValues: ['open', 'closed'] } : {}),
        );
        tables.push({
          ...table(w, [...(i > 0 ? [col(`${words[i - 1]}_id`, { type: 'INTEGER' })] : []), ...columns], fks),
          schema: `area_${n}`,
        });
      });
    }
    const s = catalog(tables);
    for (const budget of [40, 150, 400, 1000]) {
      for (const question of [
        'open orders per customer',
        'payments of closed invoices by region',
        'zzz',
        'employees of stores in area 3',
      ]) {
        const linked = linkSchema(question, s, budget);
        const tokens = estimateTokens(renderSchema(linked.schema));
        expect(linked.estimatedTokens).toBe(tokens);
        if (linked.linkedTables.length > 1) expect(tokens).toBeLessThanOrEqual(budget);
        expect(new Set(linked.linkedTables).size).toBe(linked.linkedTables.length);
      }
    }
  });
});
