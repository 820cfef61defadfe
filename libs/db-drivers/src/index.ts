/**
 * @nlq/db-drivers: one DatabaseDriver per engine (SQLite, PostgreSQL, MySQL/MariaDB, SQL Server, Snowflake),
 * chosen by connection-URL scheme with createDriver(); dialect helpers; schema version hashing; and the SQL
 * classifier (./classifier).
 */
export type { DatabaseDriver, DatabaseIdentity, ReadOptions, WriteOptions } from './driver';
export { DatabaseError } from './errors';
export type { DatabaseErrorKind } from './errors';
export { createDriver } from './create-driver';
export { parseConnectionUrl, redactConnectionUrl, SUPPORTED_SCHEMES } from './connection-url';
export type { ConnectionConfig, EngineName } from './connection-url';
export { resolveDriverOptions } from './driver-options';
export type { DriverOptions, ResolvedDriverOptions } from './driver-options';
export { schemaVersion } from './schema-version';
export { toJsonSafe, rowsToJsonSafe, decimalStringToJson } from './json-safe';
export {
  collectSampleValues,
  SAMPLE_VALUE_LIMIT,
  MAX_SAMPLE_VALUE_LENGTH,
  SAMPLE_SCAN_ROWS,
  KNOWN_VALUE_LIMIT,
  KNOWN_VALUE_BUDGET,
} from './sample-values';
export type { SqlDialect, TableRef } from './sql-dialect';
export { dialectFor } from './dialects';
export type { CatalogQuery, CatalogRow } from './catalog-query';

export { SqliteDriver } from './sqlite/sqlite.driver';
export { sqliteDialect } from './sqlite/sqlite.dialect';
export { mapSqliteError } from './sqlite/sqlite.errors';
export { introspectSqlite } from './sqlite/sqlite.introspector';

export { PostgresDriver } from './postgres/postgres.driver';
export { postgresDialect } from './postgres/postgres.dialect';
export { mapPostgresError } from './postgres/postgres.errors';
export { introspectPostgres } from './postgres/postgres.introspector';

export { MysqlDriver } from './mysql/mysql.driver';
export { mysqlDialect } from './mysql/mysql.dialect';
export { mapMysqlError } from './mysql/mysql.errors';
export { introspectMysql } from './mysql/mysql.introspector';

export { MssqlDriver } from './mssql/mssql.driver';
export { mssqlDialect } from './mssql/mssql.dialect';
export { mapMssqlError } from './mssql/mssql.errors';
export { introspectMssql } from './mssql/mssql.introspector';

export { SnowflakeDriver } from './snowflake/snowflake.driver';
export { snowflakeDialect } from './snowflake/snowflake.dialect';
export { mapSnowflakeError } from './snowflake/snowflake.errors';
export { introspectSnowflake } from './snowflake/snowflake.introspector';

export * from './classifier';

export { estimateImpact, planImpactCount, describeImpact } from './impact-preview';
export type { ImpactEstimate, ImpactPlan, ImpactVerb, ImpactBound, ImpactOptions } from './impact-preview';
export { probeEmptyResult, findLiteralFilters, filterMatchesAnyRow, nearestValues } from './empty-result-probe';
export type {
  EmptyResultProbe,
  EmptyProbeOptions,
  FilterFinding,
  LiteralFilter,
  FilterOperator,
  FilterCategory,
} from './empty-result-probe';
export { inspectPrivileges, type ConnectionPrivileges } from './privileges';
export { quoteIdentifier, quoteIdentifierIfNeeded, quoteBareWord } from './identifier-quoting';
