import type { TableSchema } from '@nlq/contracts';
import { collectSampleValues, KNOWN_VALUE_BUDGET, KNOWN_VALUE_LIMIT } from './sample-values';
import { sqliteDialect } from './sqlite/sqlite.dialect';

const textTable = (name: string, columns: number): TableSchema => ({
  name,
  kind: 'table',
  primaryKey: [],
  foreignKeys: [],
  columns: Array.from({ length: columns }, (_, i) => ({
    name: `c${i}`,
    type: 'TEXT',
    nullable: true,
    primaryKey: false,
  })),
});

describe('collectSampleValues', () => {
  it('keeps at most KNOWN_VALUE_LIMIT known values a column and stops at the schema budget', async () => {
    const columns = Math.ceil(KNOWN_VALUE_BUDGET / KNOWN_VALUE_LIMIT) + 2;
    const table = textTable('wide', columns);
    const limits: number[] = [];
    // every column has more distinct values than any limit: the runner returns as many rows as it is allowed
    await collectSampleValues(
      [table],
      sqliteDialect,
      async (_sql, maxRows) => {
        limits.push(maxRows);
        return Array.from({ length: maxRows }, (_, i) => [`value ${String(i).padStart(5, '0')}`]);
      },
      1000,
    );
    expect(limits[0]).toBe(KNOWN_VALUE_LIMIT + 1);
    expect(table.columns[0].knownValues).toHaveLength(KNOWN_VALUE_LIMIT);
    const total = table.columns.reduce((n, c) => n + (c.knownValues?.length ?? 0), 0);
    expect(total).toBe(KNOWN_VALUE_BUDGET);
    // once the budget is spent the query asks for 51 rows again and keeps nothing of a high-cardinality column
    expect(limits[limits.length - 1]).toBe(51);
    expect(table.columns[columns - 1].knownValues).toBeUndefined();
    expect(table.columns.every((c) => c.sampleValues === undefined)).toBe(true);
  });
});
