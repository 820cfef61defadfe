import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { aggregateFindings } from './aggregate-findings';
import { statementShape } from './statement-shape';

const column = (name: string, type: string, primaryKey = false) => ({ name, type, nullable: !primaryKey, primaryKey });
const table = (
  name: string,
  columns: ReturnType<typeof column>[],
  fks: TableSchema['foreignKeys'] = [],
): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
  foreignKeys: fks,
});

const SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    table('customers', [column('customer_id', 'INTEGER', true), column('name', 'TEXT')]),
    table(
      'orders',
      [
        column('order_id', 'INTEGER', true),
        column('customer_id', 'INTEGER'),
        column('status', 'TEXT'),
        column('total_amount', 'REAL'),
      ],
      [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['customer_id'] }],
    ),
    table(
      'order_items',
      [column('order_item_id', 'INTEGER', true), column('order_id', 'INTEGER'), column('quantity', 'INTEGER')],
      [{ columns: ['order_id'], referencedTable: 'orders', referencedColumns: ['order_id'] }],
    ),
  ],
};

const codes = (sql: string, dialect: Dialect) => {
  const shape = statementShape(sql, dialect, SCHEMA);
  expect(shape).not.toBeNull();
  return aggregateFindings(shape!).map((f) => f.code);
};

describe.each<Dialect>(['sqlite', 'postgresql', 'mysql'])('aggregateFindings (%s)', (dialect) => {
  it('finds nothing in aggregates that mean what they say', () => {
    expect(codes('SELECT status, COUNT(*), SUM(total_amount) FROM orders GROUP BY status', dialect)).toEqual([]);
    expect(
      codes(
        'SELECT c.name, SUM(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.name',
        dialect,
      ),
    ).toEqual([]);
    expect(codes('SELECT customer_id, COUNT(DISTINCT status) FROM orders GROUP BY customer_id', dialect)).toEqual([]);
    expect(
      codes('SELECT SUM(i.quantity) FROM order_items i JOIN orders o ON o.order_id = i.order_id', dialect),
    ).toEqual([]);
  });

  it('finds COUNT(DISTINCT x) grouped by x, through an alias or an ordinal', () => {
    expect(codes('SELECT status, COUNT(DISTINCT status) FROM orders GROUP BY status', dialect)).toEqual([
      'count_distinct_group',
    ]);
    expect(codes('SELECT o.status, COUNT(DISTINCT o.status) FROM orders o GROUP BY 1', dialect)).toEqual([
      'count_distinct_group',
    ]);
  });

  it('finds SUM and AVG of primary and foreign keys', () => {
    expect(codes('SELECT SUM(customer_id) FROM orders', dialect)).toEqual(['key_aggregate']);
    expect(codes('SELECT AVG(o.order_id) FROM orders o', dialect)).toEqual(['key_aggregate']);
    expect(codes('SELECT MAX(order_id) FROM orders', dialect)).toEqual([]);
  });

  it('finds a sum over a table whose rows a one-to-many join multiplies', () => {
    expect(
      codes('SELECT SUM(o.total_amount) FROM orders o JOIN order_items i ON i.order_id = o.order_id', dialect),
    ).toEqual(['fan_out']);
    expect(
      codes(
        'SELECT AVG(orders.total_amount) FROM orders, order_items WHERE orders.order_id = order_items.order_id',
        dialect,
      ),
    ).toEqual(['fan_out']);
    expect(
      codes('SELECT MAX(o.total_amount) FROM orders o JOIN order_items i ON i.order_id = o.order_id', dialect),
    ).toEqual([]);
  });
});

describe('statementShape', () => {
  it('resolves columns, star, limits and ordering of every select', () => {
    const shape = statementShape(
      'SELECT * FROM orders WHERE customer_id IN (SELECT customer_id FROM customers ORDER BY name LIMIT 3) LIMIT 10',
      'sqlite',
      SCHEMA,
    )!;
    expect(shape.limit).toBe(10);
    expect(shape.limits.sort()).toEqual([10, 3].sort());
    expect(shape.orderBy).toBe(true);
    expect(shape.ordered.map((c) => `${c.table?.name}.${c.name}`)).toEqual(['customers.name']);
    expect(shape.columns.some((c) => c.name === 'total_amount')).toBe(true);
    expect(statementShape('DELETE FROM orders', 'sqlite', SCHEMA)).toBeNull();
    expect(statementShape('SELEC nothing', 'sqlite', SCHEMA)).toBeNull();
  });
});
