import { parseConnectionUrl } from './connection-url';
import type { DatabaseDriver } from './driver';
import type { DriverOptions } from './driver-options';
import { MssqlDriver } from './mssql/mssql.driver';
import { MysqlDriver } from './mysql/mysql.driver';
import { PostgresDriver } from './postgres/postgres.driver';
import { SnowflakeDriver } from './snowflake/snowflake.driver';
import { SqliteDriver } from './sqlite/sqlite.driver';

/**
 * Creates the driver for a connection URL, chosen by scheme: sqlite/sqlite3 -> SqliteDriver, postgres/postgresql
 * -> PostgresDriver, mysql/mariadb -> MysqlDriver, mssql/sqlserver -> MssqlDriver, snowflake -> SnowflakeDriver.
 * Nothing is opened until connect() (or the first call that needs the database).
 * @throws DatabaseError kind `unsupported` for an unknown scheme, `connection` for a malformed URL.
 */
export function createDriver(url: string, options: DriverOptions = {}): DatabaseDriver {
  const config = parseConnectionUrl(url);
  switch (config.engine) {
    case 'sqlite':
      return new SqliteDriver(config, options);
    case 'postgres':
      return new PostgresDriver(config, options);
    case 'mysql':
      return new MysqlDriver(config, options);
    case 'mssql':
      return new MssqlDriver(config, options);
    case 'snowflake':
      return new SnowflakeDriver(config, options);
  }
}
