import type { Dialect } from '@nlq/contracts';
import { mssqlDialect } from './mssql/mssql.dialect';
import { mysqlDialect } from './mysql/mysql.dialect';
import { postgresDialect } from './postgres/postgres.dialect';
import { snowflakeDialect } from './snowflake/snowflake.dialect';
import type { SqlDialect } from './sql-dialect';
import { sqliteDialect } from './sqlite/sqlite.dialect';

/** The SqlDialect helpers (quoting, LIMIT/TOP, timeout and read-only SQL) for a contracts Dialect name. */
export function dialectFor(dialect: Dialect): SqlDialect {
  switch (dialect) {
    case 'sqlite':
      return sqliteDialect;
    case 'postgresql':
      return postgresDialect;
    case 'mysql':
    case 'mariadb':
      return mysqlDialect(dialect);
    case 'transactsql':
      return mssqlDialect;
    case 'snowflake':
      return snowflakeDialect;
  }
}
