import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from '../offline-engine';
import {
  AIRLINE_SCHEMA,
  BATTLE_SCHEMA,
  LEDGER_SCHEMA,
  CAR_SCHEMA,
  DOCUMENT_SCHEMA,
  SHOP_SCHEMA,
  STADIUM_SCHEMA,
  STUDENT_SCHEMA,
} from '../testing';
import { OfflineClarificationError, OfflineRefusalError } from '../unanswerable';
import { checkAggregateWords } from './intent-check';
import type { ReadIntent } from '../sketches/query-intent';

const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('the semantic check: correct SQL or a refusal, never a different question', () => {
  it('keeps every listed column', async () => {
    expect(await sql(BATTLE_SCHEMA, 'List the name, date and result of each battle')).toBe(
      'SELECT name, date, result FROM battle LIMIT 10',
    );
    expect(await sql(DOCUMENT_SCHEMA, 'List the ids, names and descriptions of all documents')).toBe(
      'SELECT document_id, document_name, document_description FROM documents ORDER BY document_id LIMIT 10',
    );
  });

  it('never reads "or" as AND: it is refused when it cannot be read', async () => {
    await expect(sql(DOCUMENT_SCHEMA, 'Show templates with type code PP or version number above 3')).rejects.toThrow(
      /"or"/,
    );
  });

  it('compares numbers only with numbers, and a number before a table word counts its rows', async () => {
    // a number before a table word counts its rows: per value of a column, GROUP BY ... HAVING (count-per-value.spec.ts)
    expect(await sql(DOCUMENT_SCHEMA, 'Which type codes have fewer than 3 templates?')).toContain(
      'HAVING COUNT(*) < 3',
    );
    await expect(sql(DOCUMENT_SCHEMA, 'Which templates have a type code fewer than 3?')).rejects.toThrow(
      OfflineRefusalError,
    );
    expect(await sql(STUDENT_SCHEMA, 'students with grade 4 or more')).toBe(
      'SELECT name FROM student WHERE grade >= 4 ORDER BY id LIMIT 10',
    );
    expect(await sql(AIRLINE_SCHEMA, 'Which airlines have at least 10 flights?')).toContain(
      'WHERE (SELECT COUNT(*) FROM flights rel1 WHERE rel1.airline_id = airlines.uid) >= 10',
    );
  });

  it('refuses a second aggregate rather than dropping one', async () => {
    await expect(sql(STADIUM_SCHEMA, 'What is the maximum capacity and the average of all stadiums?')).rejects.toThrow(
      /two aggregates/,
    );
    await expect(
      sql(STADIUM_SCHEMA, 'What is the highest capacity of the stadium with the average capacity?'),
    ).rejects.toThrow(OfflineRefusalError);
    expect(await sql(CAR_SCHEMA, 'What is the maximum accelerate for each cylinders?')).toBe(
      'SELECT cylinders, MAX(accelerate) AS max_accelerate FROM cars_data GROUP BY cylinders ORDER BY max_accelerate DESC LIMIT 10',
    );
  });

  it('refuses a word that would change the rows, naming it', async () => {
    await expect(sql(SHOP_SCHEMA, 'How many orders were delivered late')).rejects.toThrow(/"late"/);
    await expect(sql(SHOP_SCHEMA, 'How many orders were delivered early')).rejects.toThrow(/"early"/);
  });

  it('keeps every aggregate word: "average price of expensive products" is refused, never the plain price', async () => {
    for (const question of [
      'average price of expensive products',
      'average expensive products',
      'average of the expensive products',
      'the average price of the 5 most expensive products',
    ]) {
      await expect(sql(SHOP_SCHEMA, question)).rejects.toThrow(/what is expensive or cheap/);
    }
    expect(await sql(SHOP_SCHEMA, 'average price of products')).toBe('SELECT AVG(price) AS avg_price FROM products');
    expect(await sql(SHOP_SCHEMA, 'the 3 most expensive products')).toContain('ORDER BY price DESC');
  });

  it('checks the finished intent of any path against the aggregate words of the question', () => {
    const plain: ReadIntent = {
      kind: 'list',
      subject: 'products',
      filters: [],
      group: null,
      measure: null,
      limit: null,
      direction: 'asc',
      columns: [{ table: 'products', column: 'price' }],
    };
    expect(() => checkAggregateWords(plain, 'average price of expensive products')).toThrow(/would drop "average"/);
    expect(() => checkAggregateWords(plain, 'the sum of prices')).toThrow(/would drop "sum"/);
    const avg: ReadIntent = {
      ...plain,
      kind: 'aggregate',
      columns: [],
      measure: {
        fn: 'avg',
        expr: { kind: 'column', ref: { table: 'products', column: 'price' } },
        alias: 'avg_price',
        label: 'average price',
        money: true,
      },
    };
    expect(() => checkAggregateWords(avg, 'what is the mean price')).not.toThrow();
    expect(() => checkAggregateWords(avg, 'the total price')).toThrow(/would drop "total"/);
    // "total" kept by a count ("how many orders in total") or a column named total; "maximum" by a ranking
    expect(() =>
      checkAggregateWords({ ...plain, kind: 'count', columns: [] }, 'how many products in total'),
    ).not.toThrow();
    expect(() =>
      checkAggregateWords({ ...plain, kind: 'top', limit: 1 }, 'the product with the maximum price'),
    ).not.toThrow();
  });

  it('never groups rows by a stored value after "by": it is a condition, or asked back when the word names a column too', async () => {
    // "by bolt" named the items' own rows (a value used as a noun) and grouped each item by itself
    expect(await sql(LEDGER_SCHEMA, 'how many items by bolt')).toBe(
      "SELECT COUNT(*) AS item_count FROM items WHERE kind = 'bolt'",
    );
    expect(await sql(BATTLE_SCHEMA, 'how many battles by victory')).toBe(
      "SELECT COUNT(*) AS battle_count FROM battle WHERE result = 'victory'",
    );
    expect(await sql(LEDGER_SCHEMA, 'how many staff by city')).toContain('GROUP BY city');
    // "phone": the customers' phone column and the orders' channel 'phone'
    const schema: DatabaseSchema = {
      ...SHOP_SCHEMA,
      tables: SHOP_SCHEMA.tables.map((t) =>
        t.name === 'customers'
          ? { ...t, columns: [...t.columns, { name: 'phone', type: 'TEXT', nullable: true, primaryKey: false }] }
          : t.name === 'orders'
            ? {
                ...t,
                columns: [
                  ...t.columns,
                  { name: 'channel', type: 'TEXT', nullable: true, primaryKey: false, sampleValues: ['phone', 'web'] },
                ],
              }
            : t,
      ),
    };
    const error = await sql(schema, 'how many orders by phone').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OfflineClarificationError);
    const readings = (error as OfflineClarificationError).clarification.readings;
    expect(readings.map((r) => r.label)).toEqual(['per phone of the customer', "orders whose channel is 'phone'"]);
    expect(await sql(schema, readings[1].question)).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE channel = 'phone'",
    );
  });
});
