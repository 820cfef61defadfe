import type { Dialect } from '@nlq/contracts';

/** A table reference for SQL generation: name plus optional namespace (schema / database). */
export interface TableRef {
  name: string;
  schema?: string | null;
}

/**
 * What the drivers need to know about an engine's SQL: identifier quoting, row-limit syntax, the text types worth
 * sampling, and how a statement timeout and a read-only transaction are set. One implementation per engine folder
 * (`<engine>.dialect.ts`).
 */
export interface SqlDialect {
  readonly name: Dialect;
  /** Quotes one identifier, doubling the closing quote character inside it. */
  quoteIdentifier(name: string): string;
  /** `schema.name` quoted, or just the quoted name when the table has no schema. */
  qualifiedName(table: TableRef): string;
  /** Wraps a SELECT as a derived table and limits it to `n` rows with the engine's syntax (LIMIT / TOP). */
  limitQuery(selectSql: string, n: number): string;
  /** True for declared types that hold text worth sampling (char/varchar/text-like, enums). */
  isTextType(declaredType: string): boolean;
  /**
   * SQL returning up to `limit` distinct non-null values of one column, looking only at the first `scanRows` rows
   * of the table so the cost stays bounded on large tables (the values are a sample, not a census).
   */
  sampleValuesSql(table: TableRef, column: string, scanRows: number, limit: number): string;
  /** Statements that open a read-only transaction, or an empty list when the engine has none. */
  beginReadOnlySql(): string[];
  /** The statement that sets the statement timeout to `ms`, or null when the client enforces it instead. */
  statementTimeoutSql(ms: number): string | null;
}

/** Removes trailing semicolons and whitespace, and ends a trailing `--` comment with a newline, before wrapping. */
export function stripTrailingTerminator(sql: string): string {
  const s = sql.replace(/[\s;]+$/, '');
  return /--[^\n]*$/.test(s) ? `${s}\n` : s;
}

/** Checks a row limit or timeout is a positive safe integer before it is written into SQL. */
export function positiveInteger(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative integer, got ${n}`);
  return n;
}
