import type { DatabaseSchema } from '@nlq/contracts';
import { AmbiguousJoinError, JoinPlanner, NoJoinPathError } from './join-planner';
import { SHOP_SCHEMA } from '../testing/shop-schema.fixture';

describe('JoinPlanner', () => {
  const planner = new JoinPlanner(SHOP_SCHEMA);

  it('finds shortest foreign-key paths and tells many-to-one from one-to-many joins', () => {
    expect(planner.distance('order_items', 'categories')).toBe(2);
    expect(planner.distance('customers', 'categories')).toBe(4);
    const plan = planner.plan('order_items', ['categories', 'customers']);
    expect(plan.joins.map((j) => j.table).sort()).toEqual(['categories', 'customers', 'orders', 'products']);
    expect(plan.fansOut).toBe(false);
    expect(plan.joins.find((j) => j.table === 'products')).toEqual({
      table: 'products',
      via: 'order_items',
      on: [['product_id', 'id']],
      manyToOne: true,
    });
    expect(plan.joins.find((j) => j.table === 'categories')?.via).toBe('products');
    const reverse = planner.plan('customers', ['orders']);
    expect(reverse.fansOut).toBe(true);
    expect(reverse.joins[0].on).toEqual([['id', 'customer_id']]);
  });

  it('refuses unconnected tables and tables linked by two foreign keys', () => {
    const schema: DatabaseSchema = {
      ...SHOP_SCHEMA,
      tables: [
        {
          name: 'airports',
          kind: 'table',
          primaryKey: ['code'],
          foreignKeys: [],
          columns: [{ name: 'code', type: 'TEXT', nullable: false, primaryKey: true }],
        },
        {
          name: 'flights',
          kind: 'table',
          primaryKey: [],
          columns: [
            { name: 'origin', type: 'TEXT', nullable: false, primaryKey: false },
            { name: 'destination', type: 'TEXT', nullable: false, primaryKey: false },
          ],
          foreignKeys: [
            { columns: ['origin'], referencedTable: 'airports', referencedColumns: ['code'] },
            { columns: ['destination'], referencedTable: 'airports', referencedColumns: ['code'] },
          ],
        },
        {
          name: 'notes',
          kind: 'table',
          primaryKey: [],
          foreignKeys: [],
          columns: [{ name: 'text', type: 'TEXT', nullable: true, primaryKey: false }],
        },
      ],
    };
    const p = new JoinPlanner(schema);
    expect(() => p.plan('flights', ['airports'])).toThrow(AmbiguousJoinError);
    expect(() => p.plan('flights', ['notes'])).toThrow(NoJoinPathError);
  });

  it('tells same-named tables of two schemas apart: qualified references join within their own schema', () => {
    const table = (schemaName: string, name: string, columns: string[], references: Array<[string, string]> = []) => ({
      schema: schemaName,
      name,
      kind: 'table' as const,
      primaryKey: ['id'],
      columns: columns.map((c) => ({ name: c, type: 'INTEGER', nullable: c !== 'id', primaryKey: c === 'id' })),
      foreignKeys: references.map(([column, target]) => ({
        columns: [column],
        referencedTable: target,
        referencedColumns: ['id'],
      })),
    });
    const schema: DatabaseSchema = {
      ...SHOP_SCHEMA,
      tables: [
        table('sales', 'orders', ['id', 'client_ref'], [['client_ref', 'sales.clients']]),
        table('sales', 'clients', ['id']),
        table('archive', 'orders', ['id', 'client_ref'], [['client_ref', 'archive.clients']]),
        table('archive', 'clients', ['id']),
      ],
    };
    const twoSchemas = new JoinPlanner(schema);
    expect(twoSchemas.distance('sales.orders', 'sales.clients')).toBe(1);
    expect(twoSchemas.distance('archive.orders', 'archive.clients')).toBe(1);
    expect(twoSchemas.distance('sales.orders', 'archive.clients')).toBe(Infinity);
    expect(twoSchemas.plan('archive.orders', ['archive.clients']).joins).toEqual([
      { table: 'archive.clients', via: 'archive.orders', on: [['client_ref', 'id']], manyToOne: true },
    ]);
  });
});
