import type { ColumnSchema, DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { wordNet } from '../words/wordnet-lexicon';

/** An adjective ranks rows by the column its WordNet attribute names, on schemas that never say "price". */
const engine = new OfflineEngine();
const col = (name: string, type: string, primaryKey = false): ColumnSchema => ({
  name,
  type,
  nullable: !primaryKey,
  primaryKey,
});
const parts = (...money: string[]): DatabaseSchema => ({
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: `parts-${money.join('-')}`,
  tables: [
    {
      name: 'parts',
      kind: 'table',
      columns: [col('id', 'INTEGER', true), col('label', 'TEXT'), ...money.map((m) => col(m, 'REAL'))],
      primaryKey: ['id'],
      foreignKeys: [],
    },
  ],
});
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('adjectives read through their WordNet attribute', () => {
  it('finds what "expensive" and "cheap" measure: a monetary value, price or cost', () => {
    expect(wordNet().adjectiveAttributeWords('expensive')).toEqual(['monetary value', 'price', 'cost']);
    expect(wordNet().adjectiveAttributeWords('cheap').slice(0, 3)).toEqual(['monetary value', 'price', 'cost']);
  });

  it('ranks by a cost column when no column says price, in the direction of the adjective', async () => {
    expect(await sql(parts('unit_cost'), 'the 3 most expensive parts')).toMatch(/ORDER BY unit_cost DESC LIMIT 3$/);
    expect(await sql(parts('unit_cost'), 'the cheapest part')).toContain(
      'WHERE unit_cost = (SELECT MIN(unit_cost) FROM parts)',
    );
  });

  it('prefers the first attribute word a column has: price before cost', async () => {
    expect(await sql(parts('unit_cost', 'list_price'), 'the most expensive part')).toContain(
      '(SELECT MAX(list_price) FROM parts)',
    );
  });

  it('refuses when two columns carry the word, or none does', async () => {
    await expect(sql(parts('list_price', 'sale_price'), 'the most expensive part')).rejects.toThrow(
      /"expensive" could mean list_price or sale_price/,
    );
    await expect(sql(parts('weight'), 'the cheapest part')).rejects.toThrow(/parts has no price column/);
  });
});
