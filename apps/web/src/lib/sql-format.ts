import type { Dialect } from '@nlq/contracts';
import { format, type SqlLanguage } from 'sql-formatter';

/** nlq's Dialect names map one to one onto sql-formatter languages. */
const LANGUAGE: Record<Dialect, SqlLanguage> = {
  sqlite: 'sqlite',
  postgresql: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  transactsql: 'transactsql',
  snowflake: 'snowflake',
};

/** SQL pretty-printed for a dialect (standard SQL when unknown); the input unchanged when it does not parse. */
export function formatSql(sql: string, dialect: Dialect | null | undefined): string {
  try {
    return format(sql, { language: dialect ? LANGUAGE[dialect] ?? 'sql' : 'sql', keywordCase: 'upper', tabWidth: 2 });
  } catch {
    return sql;
  }
}
