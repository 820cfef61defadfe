import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { writeAnswerText } from './answers/answer-writer';
import { planOfStatement } from './answers/answer-plan';
import { CAR_SCHEMA, LEDGER_SCHEMA, SHOP_SCHEMA, STADIUM_SCHEMA } from './testing';

/** Two aggregates in one question, on the shop fixture and on schemas named otherwise. */
const engine = new OfflineEngine();
const sql = async (schema: DatabaseSchema, question: string) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('two aggregates of the same rows are two values of one statement', () => {
  it('each aggregate naming its column, or two words sharing the one named after them', async () => {
    expect(await sql(STADIUM_SCHEMA, 'What is the maximum capacity and the average capacity of all stadiums?')).toBe(
      'SELECT MAX(capacity) AS max_capacity, AVG(capacity) AS avg_capacity FROM stadium',
    );
    expect(await sql(SHOP_SCHEMA, 'the maximum and minimum price of products')).toBe(
      'SELECT MAX(price) AS max_price, MIN(price) AS min_price FROM products',
    );
    expect(await sql(LEDGER_SCHEMA, 'the highest and the lowest salary of staff in London')).toBe(
      "SELECT MAX(salary) AS max_salary, MIN(salary) AS min_salary FROM staff WHERE city = 'London'",
    );
    expect(await sql(LEDGER_SCHEMA, 'the average qty and the average price of invoice lines')).toBe(
      'SELECT AVG(qty) AS avg_qty, AVG(price) AS avg_price FROM invoice_lines',
    );
    // "total" also names a column (orders.total): before "and" and another aggregate it is the sum
    expect(await sql(SHOP_SCHEMA, 'the total and average price of products')).toBe(
      'SELECT SUM(price) AS total_price, AVG(price) AS avg_price FROM products',
    );
  });

  it('per group', async () => {
    expect(await sql(CAR_SCHEMA, 'the average horsepower and the maximum accelerate for each cylinders')).toBe(
      'SELECT cylinders, AVG(horsepower) AS avg_horsepower, MAX(accelerate) AS max_accelerate FROM cars_data GROUP BY cylinders ORDER BY max_accelerate DESC LIMIT 10',
    );
  });

  it('"for each number of cylinders" groups by the column that stores the number', async () => {
    expect(await sql(CAR_SCHEMA, 'What is the maximum acceleration for each number of cylinders?')).toBe(
      'SELECT cylinders, MAX(accelerate) AS max_accelerate FROM cars_data GROUP BY cylinders ORDER BY max_accelerate DESC LIMIT 10',
    );
  });

  it('refuses a second aggregate without its own measure, or one not joined by "and", or beside a ranking', async () => {
    await expect(sql(STADIUM_SCHEMA, 'What is the maximum capacity and the average of all stadiums?')).rejects.toThrow(
      /two aggregates/,
    );
    await expect(
      sql(STADIUM_SCHEMA, 'What is the highest capacity of the stadium with the average capacity?'),
    ).rejects.toThrow(/two aggregates/);
    await expect(sql(SHOP_SCHEMA, 'the min and max price of the top 5 products')).rejects.toThrow(
      /with a count or a ranking/,
    );
  });

  it('words every value', async () => {
    const generated = await engine.generateSql({
      question: 'the maximum and minimum price of products',
      dialect: 'sqlite',
      schema: SHOP_SCHEMA,
      maxRows: 10,
    });
    const s = generated.sql;
    const text = writeAnswerText(
      { question: 'q', sql: s, columns: ['max_price', 'min_price'], rows: [[99, 1.5]], rowCount: 1, truncated: false },
      planOfStatement(generated.answerPlan, s),
    );
    expect(text).toBe('The highest price is $99.00 and the lowest price is $1.50.');
  });
});
