import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { checkReferences } from './reference-checker';
import { classifySql } from './sql-classifier';
import { quoteBareWord } from '../identifier-quoting';
import { repairDoubleQuotedLiterals, repairKeywordIdentifiers, repairSql } from './sql-repair';

function schemaOf(dialect: Dialect, tables: Record<string, string[]>): DatabaseSchema {
  return {
    dialect,
    version: 'v1',
    introspectedAt: '2026-01-01T00:00:00.000Z',
    tables: Object.entries(tables).map(([name, cols]) => ({
      name,
      kind: 'table' as const,
      primaryKey: [],
      foreignKeys: [],
      columns: cols.map((c) => ({ name: c, type: 'TEXT', nullable: true, primaryKey: false })),
    })),
  };
}

const TABLES = {
  customers: ['id', 'name', 'city'],
  show: ['id', 'title', 'year'],
  match: ['id', 'order', 'year', 'user'],
  CITY: ['CITY_NAME', 'STATE_NAME', 'POPULATION'],
};
const DIALECTS: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'mariadb'];

describe('repairDoubleQuotedLiterals', () => {
  const sqlite = schemaOf('sqlite', TABLES);

  it('turns an unresolved double-quoted token into a string literal (SQLite, MySQL, MariaDB)', () => {
    for (const dialect of ['sqlite', 'mysql', 'mariadb'] as Dialect[]) {
      const r = repairDoubleQuotedLiterals(
        'SELECT * FROM customers WHERE name = "Kyle"',
        dialect,
        schemaOf(dialect, TABLES),
      );
      expect(r).toEqual({
        sql: "SELECT * FROM customers WHERE name = 'Kyle'",
        repairs: [{ rule: 'double-quoted-literal', from: '"Kyle"', to: "'Kyle'" }],
        doubleQuoted: [{ token: '"Kyle"', reading: 'literal', reason: 'names nothing in scope or in the schema' }],
      });
    }
  });

  it('leaves PostgreSQL alone: there "..." is always an identifier', () => {
    expect(
      repairDoubleQuotedLiterals(
        'SELECT * FROM customers WHERE name = "Kyle"',
        'postgresql',
        schemaOf('postgresql', TABLES),
      ),
    ).toBeNull();
  });

  it('keeps names that resolve in scope: columns, select aliases, outer-query columns, AS and qualified names', () => {
    const sql =
      'SELECT "name" AS "n", c."city" FROM customers AS "c" WHERE "name" = "Kyle" AND EXISTS (SELECT 1 FROM match WHERE "year" = "city") ORDER BY "n"';
    const r = repairDoubleQuotedLiterals(sql, 'sqlite', sqlite);
    expect(r?.sql).toBe(
      'SELECT "name" AS "n", c."city" FROM customers AS "c" WHERE "name" = \'Kyle\' AND EXISTS (SELECT 1 FROM match WHERE "year" = "city") ORDER BY "n"',
    );
    expect(r?.repairs).toHaveLength(1);
  });

  it('escapes quotes the dialect way, including "" and MySQL backslash escapes', () => {
    expect(
      repairDoubleQuotedLiterals('SELECT id FROM customers WHERE name IN ("it\'s", "say ""hi""")', 'sqlite', sqlite)
        ?.sql,
    ).toBe("SELECT id FROM customers WHERE name IN ('it''s', 'say \"hi\"')");
    expect(
      repairDoubleQuotedLiterals('SELECT id FROM customers WHERE name = "a\\"b\'c"', 'mysql', schemaOf('mysql', TABLES))
        ?.sql,
    ).toBe("SELECT id FROM customers WHERE name = 'a\\\"b''c'");
  });

  it('converts each occurrence in GeoQuery-style SQL with upper-case aliases and a subquery', () => {
    const sql =
      'SELECT CITYalias0.CITY_NAME FROM CITY AS CITYalias0 WHERE CITYalias0.STATE_NAME = "texas" AND CITYalias0.POPULATION = ' +
      '( SELECT MAX( CITYalias1.POPULATION ) FROM CITY AS CITYalias1 WHERE CITYalias1.STATE_NAME = "texas" )';
    const r = repairDoubleQuotedLiterals(sql, 'sqlite', sqlite);
    expect(r?.repairs).toHaveLength(2);
    expect(r?.sql).not.toContain('"texas"');
    expect(classifySql(r!.sql, 'sqlite').kind).toBe('read');
    expect(checkReferences(r!.sql, 'sqlite', sqlite)).toEqual([]);
  });

  it('converts VALUES of an INSERT but never the column list, nor a value that is a schema name', () => {
    expect(repairDoubleQuotedLiterals('INSERT INTO customers ("name") VALUES ("Kyle")', 'sqlite', sqlite)?.sql).toBe(
      'INSERT INTO customers ("name") VALUES (\'Kyle\')',
    );
    const kept = repairDoubleQuotedLiterals('INSERT INTO customers ("name") VALUES ("name")', 'sqlite', sqlite);
    expect(kept?.sql).toBe('INSERT INTO customers ("name") VALUES ("name")');
    expect(kept?.doubleQuoted).toContainEqual({
      token: '"name"',
      reading: 'identifier',
      reason: 'names a table or column of the schema ("name")',
    });
  });

  it('never turns a known identifier into a string, escaped quotes included, and says why', () => {
    const odd = schemaOf('sqlite', { hasOwnProperty: ['id', 'a"b', 'constructor'] });
    const r = repairDoubleQuotedLiterals(
      'SELECT "a""b", "constructor" FROM "hasOwnProperty" WHERE id = 2',
      'sqlite',
      odd,
    );
    expect(r?.sql).toBe('SELECT "a""b", "constructor" FROM "hasOwnProperty" WHERE id = 2');
    expect(r?.repairs).toEqual([]);
    expect(r?.doubleQuoted).toEqual([
      { token: '"a""b"', reading: 'identifier', reason: 'resolves to a name in scope' },
      { token: '"constructor"', reading: 'identifier', reason: 'resolves to a name in scope' },
      { token: '"hasOwnProperty"', reading: 'identifier', reason: 'not in an expression position' },
    ]);
    // a column of another table, out of scope here: still never a string
    const other = schemaOf('sqlite', { t: ['id'], u: ['a"b'] });
    expect(repairDoubleQuotedLiterals('SELECT "a""b" FROM t', 'sqlite', other)?.sql).toBe('SELECT "a""b" FROM t');
    expect(repairSql('SELECT "a""b" FROM "hasOwnProperty" WHERE id = 2', 'sqlite', odd)).toMatchObject({
      sql: 'SELECT "a""b" FROM "hasOwnProperty" WHERE id = 2',
      repairs: [],
    });
  });

  it('does nothing where the columns in scope are unknown (a table the schema does not have)', () => {
    expect(repairDoubleQuotedLiterals('SELECT * FROM elsewhere WHERE name = "Kyle"', 'sqlite', sqlite)).toMatchObject({
      sql: 'SELECT * FROM elsewhere WHERE name = "Kyle"',
      repairs: [],
    });
  });

  it('handles a quoted table name beside literals, and a long IN list in one probe', () => {
    expect(
      repairDoubleQuotedLiterals('SELECT "name" FROM "customers" WHERE "city" = "Paris"', 'sqlite', sqlite)?.sql,
    ).toBe('SELECT "name" FROM "customers" WHERE "city" = \'Paris\'');
    const cities = Array.from({ length: 150 }, (_, k) => `"c${k}"`);
    const started = performance.now();
    const r = repairDoubleQuotedLiterals(
      `SELECT name FROM customers WHERE city IN (${cities.join(', ')})`,
      'sqlite',
      sqlite,
    );
    expect(r?.repairs).toHaveLength(150);
    expect(r?.sql).toContain("'c149')");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('reads a double-quoted token without FROM as a string, as SQLite does', () => {
    expect(repairDoubleQuotedLiterals('SELECT "hello"', 'sqlite', sqlite)?.sql).toBe("SELECT 'hello'");
  });
});

describe('repairKeywordIdentifiers', () => {
  it.each(DIALECTS)('%s: quotes a table named show the dialect way', (dialect) => {
    const schema = schemaOf(dialect, TABLES);
    expect(classifySql('SELECT COUNT(*) FROM show', dialect).kind).toBe('refused');
    const r = repairKeywordIdentifiers('SELECT COUNT(*) FROM show', dialect, schema);
    const quoted = quoteBareWord('show', dialect);
    expect(r).toEqual({
      sql: `SELECT COUNT(*) FROM ${quoted}`,
      repairs: [{ rule: 'keyword-identifier', from: 'show', to: quoted }],
    });
    expect(classifySql(r!.sql, dialect)).toMatchObject({ kind: 'read', tables: ['show'] });
    expect(checkReferences(r!.sql, dialect, schema)).toEqual([]);
  });

  it('quotes only the words that block the parse, not a keyword that shares a column name (ORDER BY vs order)', () => {
    const schema = schemaOf('mysql', TABLES);
    const r = repairKeywordIdentifiers(
      'SELECT m.year, s.title FROM match m JOIN show s ON s.id = m.id ORDER BY m.year',
      'mysql',
      schema,
    );
    expect(r?.sql).toBe('SELECT m.year, s.title FROM `match` m JOIN `show` s ON s.id = m.id ORDER BY m.year');
    expect(r?.repairs.map((x) => x.from)).toEqual(['match', 'show']);
  });

  it('also quotes the name where it qualifies a column (show.title)', () => {
    const r = repairKeywordIdentifiers('SELECT show.title FROM show', 'mariadb', schemaOf('mariadb', TABLES));
    expect(r?.sql).toBe('SELECT `show`.title FROM `show`');
  });

  it('lower-cases for PostgreSQL, which folds unquoted names', () => {
    expect(
      repairKeywordIdentifiers('SELECT COUNT(*) FROM Show', 'postgresql', schemaOf('postgresql', TABLES))?.sql,
    ).toBe('SELECT COUNT(*) FROM "show"');
  });

  it('does nothing for a statement that parses, or one no quoting of schema names fixes', () => {
    const schema = schemaOf('sqlite', TABLES);
    expect(repairKeywordIdentifiers('SELECT title FROM "show"', 'sqlite', schema)).toBeNull();
    expect(repairKeywordIdentifiers('SELECT FROM WHERE show', 'sqlite', schema)).toBeNull();
    expect(
      repairKeywordIdentifiers('SELECT COUNT(*) FROM show', 'sqlite', schemaOf('sqlite', { customers: ['id'] })),
    ).toBeNull();
  });
});

describe('repairSql keeps refusals refused (the repaired text is checked again from the start)', () => {
  const schema = schemaOf('sqlite', TABLES);
  const recheck = (sql: string, dialect: Dialect = 'sqlite') =>
    classifySql(repairSql(sql, dialect, schemaOf(dialect, TABLES)).sql, dialect);

  it('a write hidden behind a repair is still a write', () => {
    const r = repairSql('DELETE FROM show WHERE title = "x"', 'sqlite', schema);
    expect(r.sql).toBe('DELETE FROM "show" WHERE title = \'x\'');
    expect(classifySql(r.sql, 'sqlite').kind).toBe('write');
    expect(recheck('UPDATE show SET title = "y" WHERE id = 1', 'mysql').kind).toBe('write');
  });

  it('PRAGMA, stacked statements, refused functions and DDL stay what they were', () => {
    expect(recheck('PRAGMA table_info(show)').kind).toBe('refused');
    expect(recheck('SELECT COUNT(*) FROM show; DROP TABLE show').kind).toBe('refused');
    expect(recheck('SELECT load_extension("x") FROM show').kind).toBe('refused');
    expect(recheck('DROP TABLE show').kind).not.toBe('read');
    expect(recheck('SELECT title FROM show WHERE title = "a" INTO OUTFILE "/tmp/x"', 'mysql').kind).toBe('refused');
  });

  it('never throws and returns the input when nothing applies', () => {
    expect(repairSql('SELECT id FROM customers', 'sqlite', schema)).toEqual({
      sql: 'SELECT id FROM customers',
      repairs: [],
    });
    expect(repairSql("SELECT 'unterminated", 'sqlite', schema)).toEqual({ sql: "SELECT 'unterminated", repairs: [] });
    expect(repairSql('', 'sqlite', schema).repairs).toEqual([]);
  });
});

describe('aggregate DISTINCT arguments (a node-sql-parser 5.4 grammar gap)', () => {
  it.each(DIALECTS)('%s: MAX(DISTINCT x) gets its argument parenthesised and then parses as a read', (dialect) => {
    const schema = schemaOf(dialect, TABLES);
    const sql =
      "SELECT MAX( DISTINCT c.POPULATION ), SUM(ALL c.POPULATION) FROM CITY AS c WHERE c.STATE_NAME = 'texas'";
    expect(classifySql(sql, dialect).kind).toBe('refused');
    const r = repairKeywordIdentifiers(sql, dialect, schema);
    expect(r?.sql).toBe(
      "SELECT MAX( DISTINCT (c.POPULATION) ), SUM(ALL (c.POPULATION)) FROM CITY AS c WHERE c.STATE_NAME = 'texas'",
    );
    expect(r?.repairs.map((x) => x.rule)).toEqual(['aggregate-distinct-argument', 'aggregate-distinct-argument']);
    expect(classifySql(r!.sql, dialect).kind).toBe('read');
  });

  it('combines with keyword quoting and double-quoted literals', () => {
    const r = repairSql('SELECT MAX(DISTINCT year) FROM show WHERE title = "x"', 'sqlite', schemaOf('sqlite', TABLES));
    expect(r.sql).toBe('SELECT MAX(DISTINCT (year)) FROM "show" WHERE title = \'x\'');
    expect(r.repairs.map((x) => x.rule)).toEqual([
      'aggregate-distinct-argument',
      'keyword-identifier',
      'double-quoted-literal',
    ]);
  });
});

describe('double-quoted names in a CTE select list (sqlite grammar reads them as double_quote_string)', () => {
  it('still give the CTE known columns, so literals beside it are repaired', () => {
    const schema = schemaOf('sqlite', TABLES);
    const sql =
      'WITH k AS (SELECT "id", "name" FROM customers WHERE "city" = "Paris") SELECT k."name" FROM k JOIN match s ON s.id = k."id" WHERE date("now") > "2020"';
    const r = repairSql(sql, 'sqlite', schema);
    expect(r.repairs.map((x) => x.from)).toEqual(['"Paris"', '"now"', '"2020"']);
    expect(checkReferences(r.sql, 'sqlite', schema)).toEqual([]);
  });
});

describe('keyword identifiers on SQL Server', () => {
  it('brackets every blocked name, also two whose errors fall at the same place', () => {
    const schema = schemaOf('transactsql', { show: ['title', 'key'] });
    expect(repairKeywordIdentifiers('SELECT COUNT(*) FROM show', 'transactsql', schema)?.sql).toBe(
      'SELECT COUNT(*) FROM [show]',
    );
    const r = repairKeywordIdentifiers("SELECT key FROM show WHERE title = 'x' ORDER BY key", 'transactsql', schema);
    expect(r?.sql).toBe("SELECT [key] FROM [show] WHERE title = 'x' ORDER BY [key]");
    expect(classifySql(r!.sql, 'transactsql').kind).toBe('read');
  });
});
