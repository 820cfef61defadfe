/**
 * A schema built to break a text-to-SQL service: JavaScript prototype keys as table and column names (the
 * Ergast Formula 1 layout: `constructors`, `constructorId`, `constructorResults`), SQL keywords as names, quotes,
 * backticks, brackets, spaces, dots and non-ASCII letters inside names, a table of 400 columns, a view, an empty
 * table, and columns of the engine's unusual types. PostgreSQL adds names differing only in case and one table name in
 * two schemas. Every statement is written with the dialect's own identifier quoting (dialectFor().quoteIdentifier).
 */
import type { Dialect } from '@nlq/contracts';
import { dialectFor } from '@nlq/db-drivers';

/** Number of extra columns of `wide_table` (besides `id` and `label`). */
export const WIDE_COLUMNS = 400;

/** The odd column names of `café menu`, in order: spaces, a dot, quotes of each engine, brackets, non-ASCII letters. */
export const ODD_COLUMNS = ['plat du jour', 'prix.eur', "it's", 'say "hi"', 'back`tick', '[bracket]', 'größe', '名前'];

/** DDL and rows of the hostile schema for `dialect`, in order. */
export function hostileFixture(dialect: Dialect): string[] {
  const d = dialectFor(dialect);
  const q = (name: string) => d.quoteIdentifier(name);
  const text = dialect === 'mariadb' || dialect === 'mysql' ? 'VARCHAR(200)' : 'TEXT';
  const real = dialect === 'postgresql' ? 'DOUBLE PRECISION' : dialect === 'sqlite' ? 'REAL' : 'DOUBLE';
  const wide = Array.from(
    { length: WIDE_COLUMNS },
    (_v, i) => `${q(`c${String(i + 1).padStart(3, '0')}`)} INTEGER`,
  ).join(', ');
  const wideValues = (id: number) =>
    Array.from({ length: WIDE_COLUMNS }, (_v, i) => String(id * 1000 + i + 1)).join(', ');
  const statements = [
    `CREATE TABLE constructors (${q('constructorId')} INTEGER PRIMARY KEY, ${q('constructorRef')} ${text}, name ${text}, nationality ${text}, url ${text})`,
    `INSERT INTO constructors VALUES (1, 'mclaren', 'McLaren', 'British', 'http://en.wikipedia.org/wiki/McLaren'), (2, 'bmw_sauber', 'BMW Sauber', 'German', 'http://en.wikipedia.org/wiki/BMW_Sauber'), (3, 'williams', 'Williams', 'British', 'http://en.wikipedia.org/wiki/Williams_Grand_Prix_Engineering')`,
    `CREATE TABLE ${q('constructorResults')} (${q('constructorResultsId')} INTEGER PRIMARY KEY, ${q('raceId')} INTEGER, ${q('constructorId')} INTEGER REFERENCES constructors (${q('constructorId')}), points ${real})`,
    `INSERT INTO ${q('constructorResults')} VALUES (1, 18, 1, 14), (2, 18, 2, 8), (3, 19, 1, 10), (4, 19, 3, 0)`,
    `CREATE TABLE ${q('hasOwnProperty')} (id INTEGER PRIMARY KEY, ${q('a"b')} ${text}, ${q('toString')} ${text}, ${q('valueOf')} INTEGER, ${q('__proto__')} ${text}, ${q('isPrototypeOf')} ${text})`,
    `INSERT INTO ${q('hasOwnProperty')} VALUES (1, 'x', 's', 10, 'p1', 'i1'), (2, 'y', 't', 20, 'p2', 'i2')`,
    `CREATE TABLE ${q('order')} (id INTEGER PRIMARY KEY, ${q('select')} ${text}, ${q('group')} ${text}, ${q('user')} ${text}, ${q('table')} ${text}, ${q('from')} ${text})`,
    `INSERT INTO ${q('order')} VALUES (1, 'a', 'g1', 'ann', 't1', 'paris'), (2, 'b', 'g1', 'bob', 't2', 'rome'), (3, 'c', 'g2', 'cy', 't3', 'oslo')`,
    `CREATE TABLE ${q('café menu')} (id INTEGER PRIMARY KEY, ${ODD_COLUMNS.map((c, i) => `${q(c)} ${i === 1 ? real : text}`).join(', ')})`,
    `INSERT INTO ${q('café menu')} VALUES (1, 'soupe', 4.5, 'yes', 'hello', 'b1', 'k1', 'groß', '一'), (2, 'crêpe', 6, 'no', 'bye', 'b2', 'k2', 'klein', '二')`,
    `CREATE TABLE wide_table (id INTEGER PRIMARY KEY, label ${text}, ${wide})`,
    `INSERT INTO wide_table VALUES (1, 'first', ${wideValues(1)}), (2, 'second', ${wideValues(2)})`,
    `CREATE TABLE empty_things (id INTEGER PRIMARY KEY, label ${text})`,
    `CREATE VIEW british_constructors AS SELECT ${q('constructorId')}, name FROM constructors WHERE nationality = 'British'`,
    ...typeColumns(dialect),
  ];
  if (dialect === 'postgresql') {
    statements.push(
      'CREATE TABLE "Items" (id INTEGER PRIMARY KEY, label TEXT)',
      `INSERT INTO "Items" VALUES (1, 'upper one'), (2, 'upper two')`,
      'CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT)',
      `INSERT INTO items VALUES (1, 'lower one'), (2, 'lower two'), (3, 'lower three')`,
      'CREATE SCHEMA sales',
      'CREATE SCHEMA archive',
      'CREATE TABLE sales.invoices (id INTEGER PRIMARY KEY, amount NUMERIC(10,2))',
      'INSERT INTO sales.invoices VALUES (1, 10), (2, 20)',
      'CREATE TABLE archive.invoices (id INTEGER PRIMARY KEY, amount NUMERIC(10,2))',
      'INSERT INTO archive.invoices VALUES (1, 5), (2, 6), (3, 7), (4, 8), (5, 9)',
    );
  }
  return statements;
}

/** A table `all_types` with one column of each unusual type the engine has, and two rows (one all NULL). */
function typeColumns(dialect: Dialect): string[] {
  switch (dialect) {
    case 'postgresql':
      return [
        "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
        'CREATE TABLE all_types (id INTEGER PRIMARY KEY, doc JSON, docb JSONB, tags TEXT[], scores INTEGER[], feeling mood, wait INTERVAL, price MONEY, raw BYTEA, uid UUID, at_time TIMETZ, at_moment TIMESTAMPTZ, day DATE, big BIGINT, exact NUMERIC(30,10), flag BOOLEAN, addr INET, box_shape POINT)',
        `INSERT INTO all_types VALUES (1, '{"a": [1, 2], "constructor": "x"}', '{"__proto__": {"polluted": true}}', ARRAY['x', 'y'], ARRAY[1, 2, 3], 'happy', '1 day 02:03:04', 12.34, '\\xdeadbeef', '6f1e2a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '10:20:30+02', '2025-01-02 03:04:05+00', '2025-01-02', 9007199254740993, 12345678901234567890.0123456789, true, '192.168.0.1', '(1,2)')`,
        'INSERT INTO all_types (id) VALUES (2)',
      ];
    case 'mariadb':
    case 'mysql':
      return [
        "CREATE TABLE all_types (id INTEGER PRIMARY KEY, doc JSON, feeling ENUM('sad', 'ok', 'happy'), options SET('a', 'b', 'c'), raw BLOB, at_time TIME, at_moment TIMESTAMP NULL, day DATE, yr YEAR, bits BIT(8), big BIGINT, exact DECIMAL(30,10), flag BOOLEAN, uid CHAR(36))",
        `INSERT INTO all_types VALUES (1, '{"a": [1, 2], "constructor": "x"}', 'happy', 'a,c', X'DEADBEEF', '10:20:30', '2025-01-02 03:04:05', '2025-01-02', 2025, b'10100101', 9007199254740993, 12345678901234567890.0123456789, TRUE, '6f1e2a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b')`,
        'INSERT INTO all_types (id) VALUES (2)',
      ];
    default:
      return [
        'CREATE TABLE all_types (id INTEGER PRIMARY KEY, doc JSON, raw BLOB, exact NUMERIC, big INTEGER, flag BOOLEAN, day DATE, at_moment DATETIME, anything)',
        `INSERT INTO all_types VALUES (1, '{"a": [1, 2], "constructor": "x"}', X'DEADBEEF', 1.5, 9007199254740993, 1, '2025-01-02', '2025-01-02 03:04:05', 'mixed')`,
        'INSERT INTO all_types (id) VALUES (2)',
      ];
  }
}
