import type { TableSchema } from '@nlq/contracts';
import { ForeignKeyGraph } from './foreign-key-graph';
import { TableLookup } from './table-identity';

const t = (schema: string | null, name: string, refs: string[] = []): TableSchema => ({
  name,
  schema,
  kind: 'table',
  columns: [{ name: 'id', type: 'int', nullable: false, primaryKey: true }],
  primaryKey: ['id'],
  foreignKeys: refs.map((r) => ({ columns: [`${r}_id`], referencedTable: r, referencedColumns: ['id'] })),
});

describe('TableLookup and ForeignKeyGraph', () => {
  const tables = [
    t('sales', 'customers'),
    t('sales', 'orders', ['customers']), // bare: resolved in its own schema
    t('archive', 'customers'),
    t('archive', 'orders', ['archive.customers']),
    t(null, 'students'),
    t(null, 'courses'),
    t(null, 'enrolments', ['students', 'courses']),
    t(null, 'grades', ['enrolments']),
  ];
  const lookup = new TableLookup(tables);
  const graph = new ForeignKeyGraph(tables, lookup);

  it('resolves references by schema and name', () => {
    expect(lookup.resolveReference(1, 'customers')).toBe(0);
    expect(lookup.resolveReference(3, 'archive.customers')).toBe(2);
    expect(lookup.resolveReference(3, 'customers')).toBe(2);
    expect(lookup.resolveReference(6, 'students')).toBe(4);
    expect(lookup.resolveReference(6, 'nowhere')).toBe(-1);
    expect(lookup.find('SALES', 'Orders')).toBe(1);
  });

  it('keeps same-named tables of two schemas apart', () => {
    expect(graph.neighbours[1]).toEqual([0]);
    expect(graph.neighbours[3]).toEqual([2]);
    expect(graph.component[1]).not.toBe(graph.component[3]);
  });

  it('finds the bridge tables of the shortest path', () => {
    expect(graph.bridgesTo(4, new Set([5]), 3)).toEqual([6]);
    expect(graph.bridgesTo(7, new Set([4]), 3)).toEqual([6]);
    expect(graph.bridgesTo(7, new Set([6]), 3)).toEqual([]);
    expect(graph.bridgesTo(7, new Set([4]), 1)).toBeNull();
    expect(graph.bridgesTo(0, new Set([4]), 5)).toBeNull();
  });
});
