import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { checkReferences } from './reference-checker';

const table = (schema: string | null, name: string, columns: string[]): TableSchema => ({
  name,
  schema,
  kind: 'table',
  columns: columns.map((c) => ({ name: c, type: 'integer', nullable: true, primaryKey: c === 'id' })),
  primaryKey: ['id'],
  foreignKeys: [],
});

const schema: DatabaseSchema = {
  dialect: 'postgresql',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v',
  tables: [
    table('sales', 'orders', ['id', 'total']),
    table('archive', 'orders', ['id', 'archived_total']),
    table(null, 'notes', ['id', 'body']),
    table('hr', 'staff', ['id', 'salary']),
  ],
};

describe('checkReferences: tables identified by schema and name', () => {
  it.each([
    ['SELECT o.total FROM sales.orders o', []],
    ['SELECT o.total FROM archive.orders o', ['unknown column "total" in table "archive.orders"']],
    ['SELECT archived_total FROM archive.orders', []],
    ['SELECT archived_total FROM sales.orders', ['unknown column "archived_total" in table "sales.orders"']],
    ['SELECT sales.orders.total FROM sales.orders JOIN archive.orders ON archive.orders.id = sales.orders.id', []],
    [
      'SELECT archive.orders.total FROM sales.orders JOIN archive.orders ON archive.orders.id = sales.orders.id',
      ['unknown column "total" in table "archive.orders"'],
    ],
    ['SELECT 1 FROM archive.staff', ['unknown table "archive.staff"']],
    ['SELECT body FROM public.notes', []],
    ['SELECT body FROM notes', []],
    // Unqualified names of tables outside the default schema depend on the search path: never reported.
    ['SELECT salary FROM staff', []],
    ['SELECT total, archived_total FROM orders', []],
  ])('%s', (sql, problems) => {
    expect(checkReferences(sql, 'postgresql', schema)).toEqual(problems);
  });
});
