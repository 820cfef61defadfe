import type { SqlDialect, TableRef } from '../sql-dialect';
import { positiveInteger, stripTrailingTerminator } from '../sql-dialect';
import { quoteIdentifier } from '../identifier-quoting';

const quote = (name: string): string => quoteIdentifier(name, 'transactsql');

/**
 * SQL Server (T-SQL) conventions (https://learn.microsoft.com/sql/t-sql/): bracketed identifiers with `]]`
 * escaping, `SELECT TOP (n)`. SQL Server has no read-only transaction and no statement-timeout setting in SQL:
 * the driver runs reads in a transaction that is always rolled back and enforces the timeout with the client's
 * per-request requestTimeout (tedious sends an attention to cancel). Untested against a live server.
 */
export const mssqlDialect: SqlDialect = {
  name: 'transactsql',
  quoteIdentifier: quote,
  qualifiedName: (t: TableRef) => (t.schema ? `${quote(t.schema)}.${quote(t.name)}` : quote(t.name)),
  limitQuery: (sql, n) =>
    `SELECT TOP (${positiveInteger(n, 'row limit')}) * FROM (${stripTrailingTerminator(sql)}) AS q`,
  // text/ntext cannot be compared (no DISTINCT); (max) columns hold documents, not categories
  isTextType: (type) => /^n?(var)?char\b/i.test(type.trim()) && !/\(max\)/i.test(type),
  sampleValuesSql: (t, column, scanRows, limit) =>
    `SELECT DISTINCT TOP (${positiveInteger(limit, 'limit')}) q.v FROM (SELECT TOP (${positiveInteger(scanRows, 'scan rows')}) ` +
    `${quote(column)} AS v FROM ${mssqlDialect.qualifiedName(t)} WHERE ${quote(column)} IS NOT NULL) AS q`,
  beginReadOnlySql: () => [],
  statementTimeoutSql: () => null,
};
