import type { SqlDialect, TableRef } from '../sql-dialect';
import { positiveInteger, stripTrailingTerminator } from '../sql-dialect';
import { quoteIdentifier } from '../identifier-quoting';

const quote = (name: string): string => quoteIdentifier(name, 'postgresql');

/**
 * PostgreSQL SQL conventions (https://www.postgresql.org/docs/current/sql-syntax-lexical.html): double-quoted
 * identifiers, `LIMIT n`; reads open with `BEGIN READ ONLY` (the server then refuses INSERT/UPDATE/DELETE/DDL with
 * SQLSTATE 25006) and `SET LOCAL statement_timeout = <ms>` (cancels with SQLSTATE 57014; LOCAL ends with the
 * transaction), https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT.
 */
export const postgresDialect: SqlDialect = {
  name: 'postgresql',
  quoteIdentifier: quote,
  qualifiedName: (t: TableRef) => (t.schema ? `${quote(t.schema)}.${quote(t.name)}` : quote(t.name)),
  limitQuery: (sql, n) =>
    `SELECT * FROM (${stripTrailingTerminator(sql)}) AS q LIMIT ${positiveInteger(n, 'row limit')}`,
  isTextType: (type) => /^(character varying|varchar|character|char|bpchar|text|citext|name)\b/i.test(type.trim()),
  sampleValuesSql: (t, column, scanRows, limit) =>
    `SELECT DISTINCT CAST(q.v AS text) FROM (SELECT ${quote(column)} AS v FROM ${postgresDialect.qualifiedName(t)} ` +
    `WHERE ${quote(column)} IS NOT NULL LIMIT ${positiveInteger(scanRows, 'scan rows')}) AS q LIMIT ${positiveInteger(limit, 'limit')}`,
  beginReadOnlySql: () => ['BEGIN READ ONLY'],
  statementTimeoutSql: (ms) => `SET LOCAL statement_timeout = ${positiveInteger(Math.ceil(ms), 'timeout')}`,
};
