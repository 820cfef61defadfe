import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import { GEO_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA } from '../testing';
import { OfflineClarificationError } from '../unanswerable';

/** A word fitting several tables equally: asked back, one reading per table. */
const engine = new OfflineEngine();
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;
async function readings(schema: DatabaseSchema, question: string): Promise<string[]> {
  const e = await sql(schema, question).catch((x) => x);
  if (!(e instanceof OfflineClarificationError)) throw new Error(`"${question}" was not asked back: ${String(e)}`);
  return e.clarification.readings.map((r) => r.question);
}

/** The shop fixture with suppliers, who are people with a country too. */
const SHOP_WITH_SUPPLIERS: DatabaseSchema = {
  ...SHOP_SCHEMA,
  tables: [
    ...SHOP_SCHEMA.tables,
    {
      name: 'suppliers',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      columns: [
        { name: 'id', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'name', type: 'TEXT', nullable: true, primaryKey: false },
        { name: 'country', type: 'TEXT', nullable: true, primaryKey: false, sampleValues: ['Canada', 'China'] },
      ],
    },
  ],
};

describe('"people in London": a word that several tables are kinds of', () => {
  it("asks which table, each reading restated with the table's name", async () => {
    expect(await readings(LEDGER_SCHEMA, 'people in London')).toEqual(['clients in London', 'vendors in London']);
    expect(await readings(SHOP_WITH_SUPPLIERS, 'how many people are in Canada')).toEqual([
      'how many customers are in Canada',
      'how many suppliers are in Canada',
    ]);
    expect(await sql(LEDGER_SCHEMA, 'vendors in London')).toBe(
      "SELECT name FROM vendors WHERE city = 'London' ORDER BY vendor_id LIMIT 10",
    );
  });

  it('a word the schema names, or one table of that kind, is read as before', async () => {
    expect(await sql(LEDGER_SCHEMA, 'clients in London')).toContain("FROM clients WHERE city = 'London'");
    expect(await sql(GEO_SCHEMA, 'how many people live in texas')).toContain('population');
  });
});
