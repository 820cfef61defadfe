import type { SqlDialect, TableRef } from '../sql-dialect';
import { positiveInteger, stripTrailingTerminator } from '../sql-dialect';
import { quoteIdentifier } from '../identifier-quoting';

const quote = (name: string): string => quoteIdentifier(name, 'snowflake');

/**
 * Snowflake SQL conventions (https://docs.snowflake.com/en/sql-reference): double-quoted identifiers (the catalog
 * spells unquoted names in upper case, and quoting them as the catalog spells them is exact), `LIMIT n`. The
 * statement timeout is the session parameter STATEMENT_TIMEOUT_IN_SECONDS
 * (https://docs.snowflake.com/en/sql-reference/parameters#statement-timeout-in-seconds). Snowflake has no read-only
 * transaction: the defense is a role with only SELECT/USAGE grants. Untested against a live account.
 */
export const snowflakeDialect: SqlDialect = {
  name: 'snowflake',
  quoteIdentifier: quote,
  qualifiedName: (t: TableRef) => (t.schema ? `${quote(t.schema)}.${quote(t.name)}` : quote(t.name)),
  limitQuery: (sql, n) =>
    `SELECT * FROM (${stripTrailingTerminator(sql)}) AS q LIMIT ${positiveInteger(n, 'row limit')}`,
  isTextType: (type) =>
    /^(VARCHAR|TEXT|STRING|CHAR|CHARACTER|NCHAR|NVARCHAR|NVARCHAR2|CHAR VARYING|NCHAR VARYING)\b/i.test(type.trim()),
  sampleValuesSql: (t, column, scanRows, limit) =>
    `SELECT DISTINCT q.v FROM (SELECT ${quote(column)} AS v FROM ${snowflakeDialect.qualifiedName(t)} ` +
    `WHERE ${quote(column)} IS NOT NULL LIMIT ${positiveInteger(scanRows, 'scan rows')}) AS q LIMIT ${positiveInteger(limit, 'limit')}`,
  beginReadOnlySql: () => [],
  statementTimeoutSql: (ms) =>
    `ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = ${Math.max(1, Math.ceil(positiveInteger(Math.ceil(ms), 'timeout') / 1000))}`,
};
