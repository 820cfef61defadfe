import type { TableSchema } from '@nlq/contracts';
import type { SqlDialect } from './sql-dialect';

/** A column is sampled only when it has at most this many distinct values (contracts ColumnSchema.sampleValues). */
export const SAMPLE_VALUE_LIMIT = 50;
/** Values longer than this many characters are left out of the sample (they are prose, not categories). */
export const MAX_SAMPLE_VALUE_LENGTH = 60;
/** Sampling reads at most this many rows of a table per column, bounding introspection on 10^6-row tables. */
export const SAMPLE_SCAN_ROWS = 50_000;

/**
 * Runs one sample query and returns its rows, or throws; a throw (timeout, permission) only skips that column.
 */
export type SampleQueryRunner = (sql: string) => Promise<unknown[][]>;

/**
 * Fills `sampleValues` of the text columns of base tables (not views) in place: for each column whose declared
 * type `dialect.isTextType` accepts, runs `dialect.sampleValuesSql(table, column, SAMPLE_SCAN_ROWS, 51)`; when at
 * most 50 distinct values come back, keeps those of at most 60 characters, sorted. At most `maxColumns` columns
 * are sampled in total. Returns the number of sample queries run.
 */
export async function collectSampleValues(
  tables: TableSchema[],
  dialect: SqlDialect,
  run: SampleQueryRunner,
  maxColumns: number,
): Promise<number> {
  let queries = 0;
  for (const table of tables) {
    if (table.kind !== 'table') continue;
    for (const column of table.columns) {
      if (queries >= maxColumns) return queries;
      if (!dialect.isTextType(column.type)) continue;
      queries++;
      let rows: unknown[][];
      try {
        rows = await run(dialect.sampleValuesSql(table, column.name, SAMPLE_SCAN_ROWS, SAMPLE_VALUE_LIMIT + 1));
      } catch {
        continue;
      }
      if (rows.length > SAMPLE_VALUE_LIMIT) continue;
      const values = rows
        .map((r) => r[0])
        .filter((v) => v !== null && v !== undefined)
        .map((v) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : String(v)))
        .filter((v) => v.length <= MAX_SAMPLE_VALUE_LENGTH);
      if (values.length) column.sampleValues = [...new Set(values)].sort();
    }
  }
  return queries;
}
