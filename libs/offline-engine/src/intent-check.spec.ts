import type { DatabaseSchema } from '@nlq/contracts';
import { OfflineEngine } from './offline-engine';
import { AIRLINE_SCHEMA, BATTLE_SCHEMA, CAR_SCHEMA, DOCUMENT_SCHEMA, SHOP_SCHEMA, STADIUM_SCHEMA, STUDENT_SCHEMA } from './testing';
import { OfflineRefusalError } from './unanswerable';

const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (schema: DatabaseSchema, question: string) => (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10 })).sql;

describe('the semantic check: correct SQL or a refusal, never a different question (issue 22 items 1-5, 7)', () => {
  it('keeps every listed column', async () => {
    expect(await sql(BATTLE_SCHEMA, 'List the name, date and result of each battle')).toBe('SELECT name, date, result FROM battle LIMIT 10');
    expect(await sql(DOCUMENT_SCHEMA, 'List the ids, names and descriptions of all documents')).toBe(
      'SELECT document_id, document_name, document_description FROM documents ORDER BY document_id LIMIT 10',
    );
  });

  it('never reads "or" as AND: it is refused when it cannot be read', async () => {
    await expect(sql(DOCUMENT_SCHEMA, 'Show templates with type code PP or version number above 3')).rejects.toThrow(/"or"/);
  });

  it('compares numbers only with numbers, and a number before a table word counts its rows', async () => {
    // a number before a table word counts its rows: per value of a column, GROUP BY ... HAVING (count-per-value.spec.ts)
    expect(await sql(DOCUMENT_SCHEMA, 'Which type codes have fewer than 3 templates?')).toContain('HAVING COUNT(*) < 3');
    await expect(sql(DOCUMENT_SCHEMA, 'Which templates have a type code fewer than 3?')).rejects.toThrow(OfflineRefusalError);
    expect(await sql(STUDENT_SCHEMA, 'students with grade 4 or more')).toBe('SELECT id, name, grade FROM student WHERE grade >= 4 ORDER BY id LIMIT 10');
    expect(await sql(AIRLINE_SCHEMA, 'Which airlines have at least 10 flights?')).toContain(
      'WHERE (SELECT COUNT(*) FROM flights rel1 WHERE rel1.airline_id = airlines.uid) >= 10',
    );
  });

  it('refuses a second aggregate rather than dropping one', async () => {
    await expect(sql(STADIUM_SCHEMA, 'What is the maximum capacity and the average of all stadiums?')).rejects.toThrow(/two aggregates/);
    await expect(sql(STADIUM_SCHEMA, 'What is the highest capacity of the stadium with the average capacity?')).rejects.toThrow(OfflineRefusalError);
    expect(await sql(CAR_SCHEMA, 'What is the maximum accelerate for each cylinders?')).toBe(
      'SELECT cylinders, MAX(accelerate) AS max_accelerate FROM cars_data GROUP BY cylinders ORDER BY max_accelerate DESC LIMIT 10',
    );
  });

  it('refuses a word that would change the rows, naming it', async () => {
    await expect(sql(SHOP_SCHEMA, 'How many orders were delivered late')).rejects.toThrow(/"late"/);
    await expect(sql(SHOP_SCHEMA, 'How many orders were delivered early')).rejects.toThrow(/"early"/);
  });
});
