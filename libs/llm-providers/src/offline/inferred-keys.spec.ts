import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { inferForeignKeys } from './inferred-keys';
import { JoinPlanner } from './join-planner';

const col = (name: string, type = 'TEXT', primaryKey = false): ColumnSchema => ({ name, type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
  foreignKeys,
});
const schema = (...tables: TableSchema[]): DatabaseSchema => ({ dialect: 'sqlite', introspectedAt: '2025-01-01T00:00:00Z', version: 't', tables });

describe('inferForeignKeys', () => {
  it('links <table>_id columns to the primary key of that table', () => {
    const keys = inferForeignKeys(schema(table('customers', [col('id', 'INTEGER', true), col('name')]), table('orders', [col('id', 'INTEGER', true), col('customer_id', 'INTEGER')])));
    expect(keys.map((k) => [k.child.name, k.childColumn, k.parent.name, k.parentColumn])).toEqual([['orders', 'customer_id', 'customers', 'id']]);
  });

  it('links a column named like a keyless table\'s own name column (state_name -> state)', () => {
    const s = schema(table('state', [col('state_name'), col('population', 'INT')]), table('city', [col('city_name'), col('state_name')]));
    expect(inferForeignKeys(s).map((k) => `${k.child.name}.${k.childColumn}->${k.parent.name}.${k.parentColumn}`)).toEqual(['city.state_name->state.state_name']);
    expect(new JoinPlanner(s).plan('city', ['state']).joins).toEqual([{ table: 'state', via: 'city', on: [['state_name', 'state_name']], manyToOne: true }]);
  });

  it('leaves declared keys alone and drops declared keys to missing columns', () => {
    const declared = schema(
      table('customers', [col('id', 'INTEGER', true)]),
      table('orders', [col('id', 'INTEGER', true), col('customer_id', 'INTEGER')], [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }]),
    );
    expect(inferForeignKeys(declared)).toEqual([]);
    const broken = schema(table('place', [col('id', 'INTEGER', true)]), table('visit', [col('id', 'INTEGER', true), col('spot', 'INTEGER')], [{ columns: ['spot'], referencedTable: 'place', referencedColumns: ['nope'] }]));
    expect(new JoinPlanner(broken).distance('visit', 'place')).toBe(Infinity);
  });
});
