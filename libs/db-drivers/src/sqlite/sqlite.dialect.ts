import type { SqlDialect, TableRef } from '../sql-dialect';
import { positiveInteger, stripTrailingTerminator } from '../sql-dialect';
import { quoteIdentifier } from '../identifier-quoting';

const quote = (name: string): string => quoteIdentifier(name, 'sqlite');

/**
 * SQLite SQL conventions (https://sqlite.org/lang.html): identifiers in double quotes, `LIMIT n`.
 * Text columns are those with TEXT affinity by the declared-type rule of https://sqlite.org/datatype3.html §3.1
 * (type contains CHAR, CLOB or TEXT). SQLite has no statement timeout and no read-only transaction in SQL: the
 * driver opens reads on a handle with SQLITE_OPEN_READONLY and enforces the timeout by killing the reading process.
 */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  quoteIdentifier: quote,
  qualifiedName: (t: TableRef) => (t.schema ? `${quote(t.schema)}.${quote(t.name)}` : quote(t.name)),
  limitQuery: (sql, n) => `SELECT * FROM (${stripTrailingTerminator(sql)}) LIMIT ${positiveInteger(n, 'row limit')}`,
  isTextType: (type) => /CHAR|CLOB|TEXT/i.test(type),
  sampleValuesSql: (t, column, scanRows, limit) =>
    `SELECT DISTINCT ${quote(column)} FROM (SELECT ${quote(column)} FROM ${sqliteDialect.qualifiedName(t)} ` +
    `WHERE ${quote(column)} IS NOT NULL LIMIT ${positiveInteger(scanRows, 'scan rows')}) LIMIT ${positiveInteger(limit, 'limit')}`,
  beginReadOnlySql: () => [],
  statementTimeoutSql: () => null,
};
