import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { inferForeignKeys } from './inferred-keys';
import { JoinPlanner } from './join-planner';

const col = (name: string, type = 'TEXT', primaryKey = false): ColumnSchema => ({
  name,
  type,
  nullable: !primaryKey,
  primaryKey,
});
const table = (name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
  foreignKeys,
});
const schema = (...tables: TableSchema[]): DatabaseSchema => ({
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00Z',
  version: 't',
  tables,
});

describe('inferForeignKeys', () => {
  it('links <table>_id columns to the primary key of that table', () => {
    const keys = inferForeignKeys(
      schema(
        table('customers', [col('id', 'INTEGER', true), col('name')]),
        table('orders', [col('id', 'INTEGER', true), col('customer_id', 'INTEGER')]),
      ),
    );
    expect(keys.map((k) => [k.child.name, k.childColumn, k.parent.name, k.parentColumn])).toEqual([
      ['orders', 'customer_id', 'customers', 'id'],
    ]);
  });

  it("links a column named like a keyless table's own name column (state_name -> state)", () => {
    const s = schema(
      table('state', [col('state_name'), col('population', 'INT')]),
      table('city', [col('city_name'), col('state_name')]),
    );
    expect(
      inferForeignKeys(s).map((k) => `${k.child.name}.${k.childColumn}->${k.parent.name}.${k.parentColumn}`),
    ).toEqual(['city.state_name->state.state_name']);
    expect(new JoinPlanner(s).plan('city', ['state']).joins).toEqual([
      { table: 'state', via: 'city', on: [['state_name', 'state_name']], manyToOne: true },
    ]);
  });

  it('leaves declared keys alone and drops declared keys to missing columns', () => {
    const declared = schema(
      table('customers', [col('id', 'INTEGER', true)]),
      table(
        'orders',
        [col('id', 'INTEGER', true), col('customer_id', 'INTEGER')],
        [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
      ),
    );
    expect(inferForeignKeys(declared)).toEqual([]);
    const broken = schema(
      table('place', [col('id', 'INTEGER', true)]),
      table(
        'visit',
        [col('id', 'INTEGER', true), col('spot', 'INTEGER')],
        [{ columns: ['spot'], referencedTable: 'place', referencedColumns: ['nope'] }],
      ),
    );
    expect(new JoinPlanner(broken).distance('visit', 'place')).toBe(Infinity);
  });

  it('links keyless catalogs by abbreviated keys, key words and id columns', () => {
    const s = schema(
      table('author', [col('aid', 'INT'), col('name')]),
      table('publication', [col('pid', 'INT'), col('title')]),
      table('publication_keyword', [col('pid', 'INT'), col('kid', 'INT')]),
      table('writes', [col('aid', 'INT'), col('pid', 'INT')]),
      table('airline', [col('airline_code'), col('airline_name')]),
      table('flight', [col('flight_id', 'INT'), col('airline_code')]),
      table('restaurant', [col('id', 'INT'), col('name')]),
      table('location', [col('restaurant_id', 'INT'), col('street_name')]),
    );
    const keys = inferForeignKeys(s)
      .map((k) => `${k.child.name}.${k.childColumn}->${k.parent.name}.${k.parentColumn}`)
      .sort();
    expect(keys).toEqual([
      'flight.airline_code->airline.airline_code',
      'location.restaurant_id->restaurant.id',
      'publication_keyword.pid->publication.pid',
      'writes.aid->author.aid',
      'writes.pid->publication.pid',
    ]);
  });

  it('infers nothing when two tables could own an abbreviated key', () => {
    const s = schema(
      table('author', [col('aid', 'INT')]),
      table('article', [col('aid', 'INT')]),
      table('writes', [col('aid', 'INT')]),
    );
    expect(inferForeignKeys(s)).toEqual([]);
  });

  it('reads a key from the data when every stored value of a column is a name of another table', () => {
    const states = ['alaska', 'ohio', 'texas', 'utah', 'iowa', 'maine'];
    const s = schema(
      table('state', [{ ...col('state_name'), knownValues: states }, col('capital')]),
      table('river', [
        col('river_name'),
        { ...col('traverse'), sampleValues: ['ohio', 'texas', 'utah', 'iowa', 'maine'] },
        { ...col('country_name'), sampleValues: ['usa', 'canada', 'mexico', 'peru', 'chile'] },
      ]),
    );
    expect(
      inferForeignKeys(s).map((k) => `${k.child.name}.${k.childColumn}->${k.parent.name}.${k.parentColumn}`),
    ).toEqual(['river.traverse->state.state_name']);
  });
});
