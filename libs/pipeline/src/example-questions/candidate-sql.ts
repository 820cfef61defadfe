import type { Dialect, ForeignKeySchema, TableSchema } from '@nlq/contracts';
import { dialectFor } from '@nlq/db-drivers';

/**
 * A category an example question groups by: a column of the question's table (`status`), or, through a foreign
 * key (`column` its one column), the name-like column of the table it references (`via`).
 */
export interface CandidateCategory {
  /** The words the question uses for it ("status", "category"). */
  phrase: string;
  /** The column of the question's table: the category itself, or the foreign key's column. */
  column: string;
  via?: { table: TableSchema; fk: ForeignKeySchema; column: string };
}

/** Writers of the SQL each kind of example question is made from, for one table. */
export interface CandidateSqlWriter {
  /** `SELECT COUNT(*) FROM t` */
  count(): string;
  /**
   * `SELECT c, SUM(m) FROM t GROUP BY c` (AVG when `averaged`, COUNT(*) when `measure` is null); through a foreign
   * key `SELECT r.name, SUM(t.m) FROM t JOIN r ON t.fk = r.key GROUP BY r.key, r.name`.
   */
  perCategory(category: CandidateCategory, measure: string | null, averaged: boolean): string;
  /** `SELECT m FROM t WHERE m IS NOT NULL ORDER BY m DESC`, the rows' measure highest first (read its first n rows). */
  top(measure: string): string;
}

/**
 * The SQL of the example questions of `table` in `dialect` (identifiers quoted by the dialect, the one quoting of
 * `@nlq/db-drivers`). Without a row limit, which every dialect writes otherwise: a top-N question's SQL is read for
 * its first N rows (`CandidateQuestion.rows`).
 */
export function candidateSql(dialect: Dialect, table: TableSchema): CandidateSqlWriter {
  const sqlDialect = dialectFor(dialect);
  const q = (name: string) => sqlDialect.quoteIdentifier(name);
  const from = sqlDialect.qualifiedName(table);
  return {
    count: () => `SELECT COUNT(*) FROM ${from}`,
    perCategory(category, measure, averaged) {
      const value = measure === null ? 'COUNT(*)' : `${averaged ? 'AVG' : 'SUM'}(t.${q(measure)})`;
      if (!category.via) {
        return `SELECT t.${q(category.column)}, ${value} FROM ${from} t GROUP BY t.${q(category.column)}`;
      }
      const { table: parent, fk, column } = category.via;
      return (
        `SELECT r.${q(column)}, ${value} FROM ${from} t JOIN ${sqlDialect.qualifiedName(parent)} r ` +
        `ON t.${q(fk.columns[0])} = r.${q(fk.referencedColumns[0])} GROUP BY r.${q(fk.referencedColumns[0])}, r.${q(column)}`
      );
    },
    top: (measure) => `SELECT ${q(measure)} FROM ${from} WHERE ${q(measure)} IS NOT NULL ORDER BY ${q(measure)} DESC`,
  };
}
