import type { KnowledgeDefinition, SchemaTableView } from '@nlq/contracts';
import { descriptionRows, splitTarget } from './descriptions';

const META = {
  connection_id: 'default',
  version: 1,
  created_at: 't',
  updated_at: 't',
  updated_by: 'service',
  deleted: false,
  status: 'active' as const,
};
const column = (name: string, description: string | null) => ({
  name,
  type: 'TEXT',
  nullable: true,
  primary_key: false,
  references: null,
  description,
});
const TABLES: SchemaTableView[] = [
  {
    schema: null,
    name: 'orders',
    kind: 'table',
    description: 'One row an order.',
    columns: [column('status', 'Where the order is; from the database'), column('total', 'Paid, in euros')],
    primary_key: [],
    foreign_keys: [],
  },
];

describe('descriptions listed on the Knowledge page', () => {
  it('splits a target into table and column, quoted names included', () => {
    expect(splitTarget('orders')).toEqual({ table: 'orders', column: null });
    expect(splitTarget('orders.status')).toEqual({ table: 'orders', column: 'status' });
    expect(splitTarget('"Order Details".UnitPrice')).toEqual({ table: 'Order Details', column: 'UnitPrice' });
  });

  it('names the origin of each: typed, dbt, or the database comment left of the schema description', () => {
    const definitions: KnowledgeDefinition[] = [
      { ...META, id: 'a', kind: 'description', target: 'orders.status', text: 'Where the order is', origin: null },
      {
        ...META,
        id: 'b',
        kind: 'description',
        target: 'orders.total',
        text: 'Paid, in euros',
        origin: { source: 'dbt', entry: 'model orders column total' },
      },
    ];
    expect(descriptionRows(definitions, TABLES).map((r) => [r.target, r.text, r.origin, r.id])).toEqual([
      ['orders', 'One row an order.', 'database comment', null],
      ['orders.status', 'from the database', 'database comment', null],
      ['orders.status', 'Where the order is', 'typed', 'a'],
      ['orders.total', 'Paid, in euros', 'dbt', 'b'],
    ]);
  });
});
