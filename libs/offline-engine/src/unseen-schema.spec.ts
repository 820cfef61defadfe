import { OfflineEngine } from './offline-engine';
import { GEO_SCHEMA } from './testing/geo-schema.fixture';

const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const sql = async (question: string) =>
  (await provider.generateSql({ question, dialect: 'sqlite', schema: GEO_SCHEMA, maxRows: 10 })).sql;

describe('question forms on a keyless schema the engine has never seen', () => {
  it('nested superlatives read a column of the winning row', async () => {
    expect(await sql('what is the capital of the largest state')).toBe(
      'SELECT DISTINCT capital FROM state WHERE area = (SELECT MAX(area) FROM state) LIMIT 10',
    );
    expect(await sql('what is the population of the state with the largest area')).toBe(
      'SELECT DISTINCT population FROM state WHERE area = (SELECT MAX(area) FROM state) LIMIT 10',
    );
  });

  it('size superlatives rank by the one measure of a table without an area', async () => {
    expect(await sql('what is the biggest city in texas')).toBe(
      "SELECT DISTINCT city_name FROM city WHERE state_name = 'texas' AND population = (SELECT MAX(population) FROM city WHERE state_name = 'texas') LIMIT 10",
    );
  });

  it('verbs that link a noun to a value are glue; a definition links people to population', async () => {
    expect(await sql('which rivers run through texas')).toBe(
      "SELECT river_name FROM river WHERE traverse = 'texas' LIMIT 10",
    );
    expect(await sql('how many people live in texas')).toContain('SELECT DISTINCT population FROM state');
  });

  it('a word sharing its stem with a column names that column (populous -> population)', async () => {
    expect(await sql('what is the least populous state')).toBe(
      'SELECT DISTINCT state_name FROM state WHERE population = (SELECT MIN(population) FROM state) LIMIT 10',
    );
  });

  it('reads a table without a name column by the column it shares with the value', async () => {
    expect(await sql('what is the highest point in texas')).toBe(
      "SELECT DISTINCT highest_point FROM highlow WHERE state_name = 'texas' LIMIT 10",
    );
  });

  it('"how long / how big is X" reads the dimension the adjective names', async () => {
    expect(await sql('how big is texas')).toBe("SELECT DISTINCT area FROM state WHERE state_name = 'texas' LIMIT 10");
    expect(await sql('how long is the colorado')).toBe(
      "SELECT DISTINCT length FROM river WHERE river_name = 'colorado' LIMIT 10",
    );
  });

  it('joins through keys inferred from column names', async () => {
    expect(await sql('how many cities are there in each state')).toBe(
      'SELECT state_name, COUNT(*) AS city_count FROM city GROUP BY state_name ORDER BY city_count DESC LIMIT 10',
    );
  });

  it('refuses modifiers it cannot see and nested lookups rather than guessing', async () => {
    await expect(sql('list the major cities in texas')).rejects.toThrow(/"major"/);
    await expect(sql('how many people live in the capital of texas')).rejects.toThrow(/side by side/);
  });
});
