import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { visibleSchema } from './data-access';

const column = (name: string, sampleValues?: string[]) => ({
  name,
  type: 'TEXT',
  nullable: false,
  primaryKey: name === 'id',
  ...(sampleValues ? { sampleValues } : {}),
});
const table = (name: string, columns: TableSchema['columns']): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: ['id'],
  foreignKeys: [],
});
const schema = (): DatabaseSchema => ({
  dialect: 'sqlite',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    table('customers', [column('id'), column('email'), column('country', ['France', 'Germany'])]),
    table('products', [column('id'), column('name')]),
  ],
});

describe('visibleSchema', () => {
  it('leaves out tables and denied columns, and the sample values of masked columns', () => {
    const visible = visibleSchema(schema(), {
      tables: ['customers'],
      deny_columns: ['customers.email'],
      mask_columns: ['customers.country'],
    });
    expect(visible.tables.map((t) => t.name)).toEqual(['customers']);
    expect(visible.tables[0].columns.map((c) => [c.name, c.sampleValues])).toEqual([
      ['id', undefined],
      ['country', undefined],
    ]);
  });

  it('answers the same object for the same schema and the same visible parts, whatever the row filters', () => {
    const snapshot = schema();
    const policy = { tables: ['customers'], deny_columns: ['customers.email'] };
    const first = visibleSchema(snapshot, policy);
    expect(visibleSchema(snapshot, { ...policy, row_filters: { customers: 'country = :user.country' } })).toBe(first);
    expect(visibleSchema(snapshot, { tables: ['customers'] })).not.toBe(first);
    expect(visibleSchema(schema(), policy)).not.toBe(first);
    expect(visibleSchema(schema(), policy)).toEqual(first);
  });
});
