import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { estimateTokens, linkSchema, renderSchema } from './linking';

const col = (name: string, extra: Partial<TableSchema['columns'][number]> = {}) => ({ name, type: 'TEXT', nullable: true, primaryKey: false, ...extra });
const table = (name: string, columns: ReturnType<typeof col>[], fks: TableSchema['foreignKeys'] = [], comment: string | null = null): TableSchema => ({
  name,
  kind: 'table',
  columns: [col('id', { type: 'INTEGER', primaryKey: true }), ...columns],
  primaryKey: ['id'],
  foreignKeys: fks,
  comment,
});

function schema(): DatabaseSchema {
  const filler = Array.from({ length: 30 }, (_, i) =>
    table(`audit_log_${i}`, Array.from({ length: 8 }, (_, j) => col(`field_${j}_value`))),
  );
  return {
    dialect: 'sqlite',
    version: 'v1',
    introspectedAt: '2024-01-01T00:00:00.000Z',
    tables: [
      ...filler,
      table('customers', [col('name'), col('country', { sampleValues: ['France', 'Spain'] })]),
      table('orders', [col('customer_id', { type: 'INTEGER' }), col('total', { type: 'REAL' })], [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }]),
      table('order_items', [col('order_id', { type: 'INTEGER' }), col('product_id', { type: 'INTEGER' })], [
        { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['id'] },
        { columns: ['product_id'], referencedTable: 'products', referencedColumns: ['id'] },
      ]),
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
});
