import { styleGoldSql } from './styled-predictions';

describe('styleGoldSql', () => {
  const sql = "SELECT c.name\n  FROM customers c WHERE c.city = 'Paris' AND c.note <> 'it''s'";
  it('puts gold SQL on one line', () => {
    expect(styleGoldSql(sql, 'gold')).toBe(
      "SELECT c.name FROM customers c WHERE c.city = 'Paris' AND c.note <> 'it''s'",
    );
  });
  it('writes literals with double quotes, except those holding a quote', () => {
    expect(styleGoldSql(sql, 'double-quoted')).toBe(
      "SELECT c.name FROM customers c WHERE c.city = \"Paris\" AND c.note <> 'it''s'",
    );
  });
  it('quotes schema names in the ansi style, never a function name', () => {
    expect(
      styleGoldSql(
        "SELECT count(name) FROM customers WHERE city = 'Paris'",
        'ansi',
        new Set(['customers', 'name', 'city', 'count']),
      ),
    ).toBe('SELECT count("name") FROM "customers" WHERE "city" = "Paris"');
  });

  it('leaves schema names used as keywords or types bare (EXTRACT fields, CAST types)', () => {
    const names = new Set(['month', 'text', 'review']);
    expect(styleGoldSql('SELECT extract(month FROM d), CAST(x AS text) FROM review', 'ansi', names, 'postgresql')).toBe(
      'SELECT extract(month FROM d), CAST(x AS text) FROM "review"',
    );
  });
});
