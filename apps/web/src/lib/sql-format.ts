import type { Dialect } from '@nlq/contracts';
import {
  formatDialect,
  mariadb,
  mysql,
  postgresql,
  snowflake,
  sql,
  sqlite,
  transactsql,
  type DialectOptions,
} from 'sql-formatter';

/**
 * sql-formatter dialects of nlq's Dialect names (the same names). Only these are imported, so the bundle leaves the
 * other dialects out (sql-formatter's `formatDialect` API, versus `format`, which pulls in all of them).
 */
const DIALECTS: Record<Dialect, DialectOptions> = { sqlite, postgresql, mysql, mariadb, transactsql, snowflake };

/** SQL pretty-printed for a dialect (standard SQL when unknown); the input unchanged when it does not parse. */
export function formatSql(text: string, dialect: Dialect | null | undefined): string {
  try {
    return formatDialect(text, { dialect: (dialect && DIALECTS[dialect]) || sql, keywordCase: 'upper', tabWidth: 2 });
  } catch {
    return text;
  }
}
