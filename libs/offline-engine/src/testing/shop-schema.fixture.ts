import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';

/** Test fixture: a hand-written shop schema (customers, categories, products, orders, order_items) for unit specs. */
function col(name: string, type: string, extra: Partial<ColumnSchema> = {}): ColumnSchema {
  return { name, type, nullable: true, primaryKey: false, ...extra };
}
function table(name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema {
  return {
    name,
    kind: 'table',
    columns,
    primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
    foreignKeys,
  };
}
const id = (name = 'id') => col(name, 'INTEGER', { primaryKey: true, nullable: false });

export const SHOP_SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'fixture-1',
  tables: [
    table('customers', [
      id(),
      col('first_name', 'TEXT'),
      col('last_name', 'TEXT'),
      col('email', 'TEXT'),
      col('country', 'TEXT', { sampleValues: ['Brazil', 'Canada', 'Germany', 'United Kingdom', 'United States'] }),
      col('city', 'TEXT'),
      col('created_at', 'TEXT'),
    ]),
    table('categories', [
      id(),
      col('name', 'TEXT', { sampleValues: ['Books', 'Electronics', 'Garden', 'Home & Kitchen', 'Toys'] }),
    ]),
    table(
      'products',
      [id(), col('name', 'TEXT'), col('category_id', 'INTEGER'), col('price', 'REAL'), col('stock', 'INTEGER')],
      [{ columns: ['category_id'], referencedTable: 'categories', referencedColumns: ['id'] }],
    ),
    table(
      'orders',
      [
        id(),
        col('customer_id', 'INTEGER'),
        col('order_date', 'TEXT'),
        col('status', 'TEXT', { sampleValues: ['cancelled', 'delivered', 'pending', 'shipped'] }),
        col('total', 'REAL'),
      ],
      [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
    ),
    table(
      'order_items',
      [
        id(),
        col('order_id', 'INTEGER'),
        col('product_id', 'INTEGER'),
        col('quantity', 'INTEGER'),
        col('unit_price', 'REAL'),
      ],
      [
        { columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['id'] },
        { columns: ['product_id'], referencedTable: 'products', referencedColumns: ['id'] },
      ],
    ),
  ],
};
