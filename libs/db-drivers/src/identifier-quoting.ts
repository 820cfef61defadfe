import type { Dialect } from '@nlq/contracts';

/**
 * The one implementation of identifier quoting (docs/architecture.md "Packages"): the dialect files, the repairs of
 * the SQL checker and the offline engine all quote through it.
 *
 * Quote characters: double quotes in SQLite, PostgreSQL and Snowflake, backticks in MySQL and MariaDB, brackets in SQL
 * Server; a closing quote inside a name is doubled (PostgreSQL manual 4.1.1 "Identifiers and Key Words"; SQLite
 * "SQLite Keywords"; MySQL 8.0 manual 11.2 "Schema Object Names"; SQL Server QUOTENAME).
 */
export function quoteIdentifier(name: string, dialect: Dialect): string {
  if (dialect === 'mysql' || dialect === 'mariadb') return `\`${name.replace(/`/g, '``')}\``;
  if (dialect === 'transactsql') return `[${name.replace(/]/g, ']]')}]`;
  return `"${name.replace(/"/g, '""')}"`;
}

/** Words quoted whenever used as identifiers (reserved in at least one supported dialect). */
const RESERVED = new Set(
  (
    'all and any as asc between by case check column constraint create cross current current_date current_time ' +
    'current_timestamp current_user default delete desc distinct drop else end except exists false fetch for foreign from ' +
    'full grant group having in index inner insert intersect into is join key left like limit natural not null offset on ' +
    'or order outer primary references right row rows select session_user set some table then to top true union unique ' +
    'update user using values when where with window'
  ).split(' '),
);

/**
 * `name` as written when the dialect reads it bare as the same identifier, else quoted ({@link quoteIdentifier}), so
 * that generated SQL stays readable (`SELECT name FROM customers`). Bare only when it is a plain word
 * ([A-Za-z_][A-Za-z0-9_]*) that is not reserved, and in PostgreSQL all lower case and in Snowflake all upper case, as
 * those engines fold unquoted names (their manuals, "Identifiers and Key Words" / "Identifier requirements").
 */
export function quoteIdentifierIfNeeded(name: string, dialect: Dialect): string {
  const plain =
    dialect === 'postgresql'
      ? /^[a-z_][a-z0-9_]*$/.test(name)
      : dialect === 'snowflake'
        ? /^[A-Z_][A-Z0-9_]*$/.test(name)
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
  return plain && !RESERVED.has(name.toLowerCase()) ? name : quoteIdentifier(name, dialect);
}

/**
 * A bare word of a statement quoted so that it means what the bare word meant: PostgreSQL folds it to lower case and
 * Snowflake to upper case before quoting, as those engines fold unquoted names (the keyword-identifier repair:
 * `FROM show` -> `FROM "show"`).
 */
export function quoteBareWord(word: string, dialect: Dialect): string {
  if (dialect === 'postgresql') return quoteIdentifier(word.toLowerCase(), dialect);
  if (dialect === 'snowflake') return quoteIdentifier(word.toUpperCase(), dialect);
  return quoteIdentifier(word, dialect);
}
