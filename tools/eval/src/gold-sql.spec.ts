import { expandBraceAlternatives, rewriteDoubleQuotedLiterals, splitGoldAlternatives } from './gold-sql';

describe('splitGoldAlternatives', () => {
  it('splits on semicolons outside quotes and drops empty pieces', () => {
    expect(splitGoldAlternatives('SELECT a FROM t WHERE b = \'x;y\';SELECT "c;d" FROM t ; ;')).toEqual([
      "SELECT a FROM t WHERE b = 'x;y'",
      'SELECT "c;d" FROM t',
    ]);
  });
});

describe('rewriteDoubleQuotedLiterals (SQLite DQS fallback)', () => {
  const names = new Set(['customer', 'country', 'firstname', 'lastname', 'city', 'state_name']);

  it('turns values into literals and keeps schema names, aliases and qualified names', () => {
    const sql =
      'SELECT FirstName || " " || LastName as "FullName", "Customer"."Country" FROM Customer WHERE Country != "USA" ORDER BY "FullName"';
    expect(rewriteDoubleQuotedLiterals(sql, names)).toBe(
      `SELECT FirstName || ' ' || LastName as "FullName", "Customer"."Country" FROM Customer WHERE Country != 'USA' ORDER BY "FullName"`,
    );
  });

  it('escapes single quotes and leaves single-quoted literals untouched', () => {
    expect(
      rewriteDoubleQuotedLiterals(`SELECT * FROM city WHERE state_name = "o'hare" AND city = 'a "b"'`, names),
    ).toBe(`SELECT * FROM city WHERE state_name = 'o''hare' AND city = 'a "b"'`);
  });

  it('keeps a double-quoted schema column that is compared to a literal', () => {
    expect(rewriteDoubleQuotedLiterals('SELECT 1 FROM t WHERE "city" = "boston"', names)).toBe(
      `SELECT 1 FROM t WHERE "city" = 'boston'`,
    );
  });
});

describe('expandBraceAlternatives (defog sql-eval PostgreSQL gold)', () => {
  it('gives each column choice alone and all together, {} standing for the choice', () => {
    expect(expandBraceAlternatives('SELECT {a.name, a.id}, SUM(x) FROM a GROUP BY {}')).toEqual([
      'SELECT a.name, SUM(x) FROM a GROUP BY a.name',
      'SELECT a.id, SUM(x) FROM a GROUP BY a.id',
      'SELECT a.name, a.id, SUM(x) FROM a GROUP BY a.name, a.id',
    ]);
    expect(expandBraceAlternatives('SELECT 1')).toEqual(['SELECT 1']);
  });
});
