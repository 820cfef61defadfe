import type { TableSchema } from '@nlq/contracts';
import type { SqlDialect } from './sql-dialect';

/** A column is sampled only when it has at most this many distinct values (contracts ColumnSchema.sampleValues). */
export const SAMPLE_VALUE_LIMIT = 50;
/** Values longer than this many characters are left out of the sample (they are prose, not categories). */
export const MAX_SAMPLE_VALUE_LENGTH = 60;
/** Sampling reads at most this many rows of a table per column, bounding introspection on 10^6-row tables. */
export const SAMPLE_SCAN_ROWS = 50_000;
/** A high-cardinality text column keeps at most this many distinct values as `knownValues` (value retrieval). */
export const KNOWN_VALUE_LIMIT = 10_000;
/** At most this many known values in one schema, bounding the schema's memory on wide catalogs. */
export const KNOWN_VALUE_BUDGET = 100_000;

/**
 * Runs one sample query and returns at most `maxRows` of its rows, or throws; a throw (timeout, permission) only
 * skips that column.
 */
export type SampleQueryRunner = (sql: string, maxRows: number) => Promise<unknown[][]>;

/**
 * Fills `sampleValues` of the text columns of base tables (not views) in place: for each column whose declared
 * type `dialect.isTextType` accepts, runs `dialect.sampleValuesSql(table, column, SAMPLE_SCAN_ROWS, limit)`; when at
 * most 50 distinct values come back, keeps those of at most 60 characters, sorted, as `sampleValues`; when more
 * come back, keeps up to KNOWN_VALUE_LIMIT of them as `knownValues` (value retrieval: the names a question gives are
 * looked up there), while the schema's KNOWN_VALUE_BUDGET lasts (after that, the limit is 51 again). The values are
 * those of the first SAMPLE_SCAN_ROWS rows: a sample. At most `maxColumns` columns are sampled in total. Returns the
 * number of sample queries run.
 */
export async function collectSampleValues(
  tables: TableSchema[],
  dialect: SqlDialect,
  run: SampleQueryRunner,
  maxColumns: number,
): Promise<number> {
  let queries = 0;
  let budget = KNOWN_VALUE_BUDGET;
  for (const table of tables) {
    if (table.kind !== 'table') continue;
    for (const column of table.columns) {
      if (queries >= maxColumns) return queries;
      if (!dialect.isTextType(column.type)) continue;
      queries++;
      const limit = Math.max(SAMPLE_VALUE_LIMIT, Math.min(KNOWN_VALUE_LIMIT, budget)) + 1;
      let rows: unknown[][];
      try {
        rows = await run(dialect.sampleValuesSql(table, column.name, SAMPLE_SCAN_ROWS, limit), limit);
      } catch {
        continue;
      }
      if (rows.length > SAMPLE_VALUE_LIMIT && limit === SAMPLE_VALUE_LIMIT + 1) continue;
      const values = rows
        .map((r) => r[0])
        .filter((v) => v !== null && v !== undefined)
        .map((v) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : String(v)))
        .filter((v) => v.length <= MAX_SAMPLE_VALUE_LENGTH);
      const distinct = [...new Set(values)].sort();
      if (rows.length <= SAMPLE_VALUE_LIMIT) {
        if (distinct.length) column.sampleValues = distinct;
        continue;
      }
      const known = distinct.slice(0, KNOWN_VALUE_LIMIT);
      budget -= known.length;
      if (known.length) column.knownValues = known;
    }
  }
  return queries;
}
