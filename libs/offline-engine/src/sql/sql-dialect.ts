import type { Dialect } from '@nlq/contracts';
import { quoteIdentifierIfNeeded } from '@nlq/db-drivers';
import { UnmappedQuestionError } from '../linking/question-items';

/**
 * An identifier as the engine writes it: bare when the dialect reads it bare as the same name, else quoted the
 * dialect's way (quoteIdentifierIfNeeded, the one implementation of quoting in @nlq/db-drivers).
 */
export function quoteIdent(name: string, dialect: Dialect): string {
  return quoteIdentifierIfNeeded(name, dialect);
}

/** A table name, schema-qualified when `schema` is set. */
export function quoteTable(name: string, schema: string | null | undefined, dialect: Dialect): string {
  return schema ? `${quoteIdent(schema, dialect)}.${quoteIdent(name, dialect)}` : quoteIdent(name, dialect);
}

/**
 * A SQL literal: numbers as written, text in single quotes (quotes doubled; backslashes doubled for MySQL/MariaDB).
 * @throws UnmappedQuestionError for a number the question wrote that a double cannot hold exactly: not finite (over
 *   about 309 digits) or a whole number past 2^53 - 1, which would be written as a different number.
 */
export function literal(value: string | number, dialect: Dialect): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
      throw new UnmappedQuestionError(
        `a number in the question is too large to write exactly (the largest it writes is ${Number.MAX_SAFE_INTEGER})`,
      );
    }
    return String(value);
  }
  let text = value.replace(/'/g, "''");
  if (dialect === 'mysql' || dialect === 'mariadb') text = text.replace(/\\/g, '\\\\');
  return `'${text}'`;
}

/** Year (`2024`), month (`2024-03`) or day (`2024-03-15`) of a date expression, as text, in the dialect's date functions. */
export function periodExpr(column: string, unit: 'year' | 'month' | 'day', dialect: Dialect): string {
  const pick = (year: string, month: string, day: string) => (unit === 'year' ? year : unit === 'month' ? month : day);
  switch (dialect) {
    case 'sqlite':
      return `strftime('${pick('%Y', '%Y-%m', '%Y-%m-%d')}', ${column})`;
    case 'postgresql':
    case 'snowflake':
      return `to_char(${column}, '${pick('YYYY', 'YYYY-MM', 'YYYY-MM-DD')}')`;
    case 'mysql':
    case 'mariadb':
      return `DATE_FORMAT(${column}, '${pick('%Y', '%Y-%m', '%Y-%m-%d')}')`;
    case 'transactsql':
      return `FORMAT(${column}, '${pick('yyyy', 'yyyy-MM', 'yyyy-MM-dd')}')`;
  }
}

/**
 * The time from `start` to `end` (date or timestamp expressions) in fractional days or hours, in the dialect's
 * date functions: SQLite julianday(), PostgreSQL EXTRACT(EPOCH FROM interval), MySQL/MariaDB TIMESTAMPDIFF,
 * SQL Server and Snowflake DATEDIFF in seconds (each engine's manual, date and time functions).
 */
export function durationExpr(start: string, end: string, unit: 'day' | 'hour', dialect: Dialect): string {
  const seconds = unit === 'day' ? '86400.0' : '3600.0';
  switch (dialect) {
    case 'sqlite':
      return `(julianday(${end}) - julianday(${start}))${unit === 'hour' ? ' * 24' : ''}`;
    case 'postgresql':
      return `EXTRACT(EPOCH FROM (CAST(${end} AS timestamp) - CAST(${start} AS timestamp))) / ${seconds}`;
    case 'mysql':
    case 'mariadb':
      return `TIMESTAMPDIFF(SECOND, ${start}, ${end}) / ${seconds}`;
    case 'transactsql':
    case 'snowflake':
      return `DATEDIFF(second, ${start}, ${end}) / ${seconds}`;
  }
}

/**
 * Text expressions joined with single spaces: `||` (SQLite, PostgreSQL, Snowflake), CONCAT_WS (MySQL, MariaDB),
 * CONCAT (SQL Server), per each engine's string functions.
 */
export function concatWithSpaces(parts: string[], dialect: Dialect): string {
  if (dialect === 'mysql' || dialect === 'mariadb') return `CONCAT_WS(' ', ${parts.join(', ')})`;
  if (dialect === 'transactsql') return `CONCAT(${parts.join(", ' ', ")})`;
  return parts.join(" || ' ' || ");
}

/** True when the dialect limits rows with `SELECT TOP n` (SQL Server) rather than a trailing `LIMIT n`. */
export function usesTop(dialect: Dialect): boolean {
  return dialect === 'transactsql';
}
