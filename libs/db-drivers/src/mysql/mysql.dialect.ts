import type { Dialect } from '@nlq/contracts';
import type { SqlDialect, TableRef } from '../sql-dialect';
import { positiveInteger, stripTrailingTerminator } from '../sql-dialect';
import { quoteIdentifier } from '../identifier-quoting';

/**
 * MySQL and MariaDB SQL conventions: backtick identifiers, `LIMIT n`, read-only transactions with
 * `START TRANSACTION READ ONLY` (error 1792 on a write; https://dev.mysql.com/doc/refman/8.0/en/commit.html).
 * Statement timeout differs: MySQL `max_execution_time` in milliseconds, SELECT only
 * (https://dev.mysql.com/doc/refman/8.0/en/server-system-variables.html#sysvar_max_execution_time); MariaDB
 * `max_statement_time` in seconds, every statement (https://mariadb.com/kb/en/server-system-variables/#max_statement_time).
 */
export function mysqlDialect(name: Extract<Dialect, 'mysql' | 'mariadb'>): SqlDialect {
  const quote = (identifier: string): string => quoteIdentifier(identifier, name);
  const dialect: SqlDialect = {
    name,
    quoteIdentifier: quote,
    qualifiedName: (t: TableRef) => (t.schema ? `${quote(t.schema)}.${quote(t.name)}` : quote(t.name)),
    limitQuery: (sql, n) =>
      `SELECT * FROM (${stripTrailingTerminator(sql)}) AS q LIMIT ${positiveInteger(n, 'row limit')}`,
    isTextType: (type) => /^(var)?char\b|^(tiny|medium|long)?text\b|^enum\(|^set\(/i.test(type.trim()),
    sampleValuesSql: (t, column, scanRows, limit) =>
      `SELECT DISTINCT q.v FROM (SELECT ${quote(column)} AS v FROM ${dialect.qualifiedName(t)} ` +
      `WHERE ${quote(column)} IS NOT NULL LIMIT ${positiveInteger(scanRows, 'scan rows')}) AS q LIMIT ${positiveInteger(limit, 'limit')}`,
    beginReadOnlySql: () => ['SET SESSION TRANSACTION READ ONLY', 'START TRANSACTION READ ONLY'],
    statementTimeoutSql: (ms) => mysqlTimeoutAssignment(name, ms),
  };
  return dialect;
}

/**
 * `SET SESSION ...` for the statement timeout: MariaDB `max_statement_time = <seconds, 3 decimals>`, MySQL
 * `max_execution_time = <ms>` (which MySQL applies to read-only SELECT statements only).
 */
export function mysqlTimeoutAssignment(name: 'mysql' | 'mariadb', ms: number): string {
  positiveInteger(Math.ceil(ms), 'timeout');
  return name === 'mariadb'
    ? `SET SESSION max_statement_time = ${(Math.ceil(ms) / 1000).toFixed(3)}`
    : `SET SESSION max_execution_time = ${Math.ceil(ms)}`;
}
