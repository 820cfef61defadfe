/**
 * The offline engine's dialect-specific SQL run on the real servers: a duration between two timestamp columns
 * (derived measures) written for PostgreSQL and MariaDB must run there and give the hours the rows hold.
 * Skipped, with the reason, when a server is down (libs/test-services).
 */
import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { OfflineProvider } from '@nlq/llm-providers';
import { describeEachWith } from '@nlq/test-services';

const W = { timeoutMs: 10_000 };
const R = { maxRows: 10, timeoutMs: 10_000 };

interface Server {
  name: string;
  dialect: Dialect;
  url: string;
  service: 'postgresql' | 'mariadb';
  timestamp: string;
}

const SERVERS: Server[] = [
  {
    name: 'PostgreSQL',
    dialect: 'postgresql',
    url: 'postgres://postgres@127.0.0.1:5432/test',
    service: 'postgresql',
    timestamp: 'timestamp',
  },
  {
    name: 'MariaDB',
    dialect: 'mariadb',
    url: 'mysql://root@127.0.0.1:3306/test',
    service: 'mariadb',
    timestamp: 'DATETIME',
  },
];

describeEachWith(SERVERS, (s) => [s.service])('offline engine SQL on $name', (server: Server) => {
  // a name of words only, so the question can name it; dropped before and after
  const table = 'nlq_dialect_parcels';
  let driver: DatabaseDriver;

  beforeAll(async () => {
    driver = createDriver(server.url);
    await driver.connect();
    await driver.runWrite(`DROP TABLE IF EXISTS ${table}`, W);
    await driver.runWrite(
      `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, carrier VARCHAR(20), ordered_at ${server.timestamp}, delivered_at ${server.timestamp})`,
      W,
    );
    // 24 h and 48 h: 36 h on average, 1.5 days
    await driver.runWrite(
      `INSERT INTO ${table} VALUES (1, 'ups', '2025-01-01 08:00:00', '2025-01-02 08:00:00'), (2, 'dhl', '2025-01-03 00:00:00', '2025-01-05 00:00:00'), (3, 'fedex', '2025-01-04 00:00:00', NULL)`,
      W,
    );
  });

  afterAll(async () => {
    await driver?.runWrite(`DROP TABLE IF EXISTS ${table}`, W);
    await driver?.close();
  });

  const schema = (): DatabaseSchema => ({
    dialect: server.dialect,
    introspectedAt: '2025-01-01T00:00:00Z',
    version: 'parcels',
    tables: [
      {
        name: table,
        kind: 'table',
        primaryKey: ['id'],
        foreignKeys: [],
        columns: [
          { name: 'id', type: 'integer', nullable: false, primaryKey: true },
          {
            name: 'carrier',
            type: 'varchar(20)',
            nullable: true,
            primaryKey: false,
            sampleValues: ['dhl', 'fedex', 'ups'],
          },
          { name: 'ordered_at', type: server.timestamp, nullable: true, primaryKey: false },
          { name: 'delivered_at', type: server.timestamp, nullable: true, primaryKey: false },
        ],
      },
    ],
  });

  it('averages the duration between two timestamp columns in hours and in days', async () => {
    const provider = new OfflineProvider();
    const ask = async (question: string) => {
      const { sql } = await provider.generateSql({
        question,
        dialect: server.dialect,
        schema: schema(),
        examples: [],
        maxRows: 10,
      });
      return Number((await driver.runRead(sql, R)).rows[0][0]);
    };
    expect(await ask('average hours between order and delivery')).toBeCloseTo(36, 6);
    expect(await ask('what is the average number of days from order to delivery')).toBeCloseTo(1.5, 6);
    expect(await ask('longest time in hours between order and delivery')).toBeCloseTo(48, 6);
  });

  it("groups by day in the dialect's date format", async () => {
    const provider = new OfflineProvider();
    // one date column only: the grouping has no other date to take
    const single = schema();
    single.tables[0] = {
      ...single.tables[0],
      columns: single.tables[0].columns.filter((c) => c.name !== 'delivered_at'),
    };
    const { sql } = await provider.generateSql({
      question: 'number of parcels per day',
      dialect: server.dialect,
      schema: single,
      examples: [],
      maxRows: 10,
    });
    const rows = (await driver.runRead(sql, R)).rows.map((r) => [String(r[0]), Number(r[1])]).sort();
    expect(rows).toEqual([
      ['2025-01-01', 1],
      ['2025-01-03', 1],
      ['2025-01-04', 1],
    ]);
    // a singular ranking of groups keeps every group tied for the most (HAVING over a derived table)
    const top = await provider.generateSql({
      question: 'which carrier has the most parcels',
      dialect: server.dialect,
      schema: single,
      examples: [],
      maxRows: 10,
    });
    expect((await driver.runRead(top.sql, R)).rows).toHaveLength(3);
  });
});
