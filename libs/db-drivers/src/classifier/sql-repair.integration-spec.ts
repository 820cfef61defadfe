/**
 * The deterministic repairs (sql-repair.ts) against the real engines: the statement as a model writes it fails on
 * the engine or in the checker, the repaired statement classifies as a read (or stays a write), resolves against
 * the introspected schema and returns the right rows. SQLite always runs (a temporary file through better-sqlite3,
 * compiled with SQLITE_DQS=0); PostgreSQL (127.0.0.1:5432, postgres, trust) and MariaDB (127.0.0.1:3306, root,
 * empty password) each get a throw-away database, and their suites are skipped with a printed reason when the
 * server is unreachable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createConnection, type Connection } from 'mysql2/promise';
import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { describeEachWith, type TestService } from '@nlq/test-services';
import { createDriver, type DatabaseDriver } from '../index';
import { checkReferences } from './reference-checker';
import { classifySql } from './sql-classifier';
import { repairSql } from './sql-repair';

const unique = () => `nlq_repair_${randomBytes(4).toString('hex')}`;
const READ = { maxRows: 100, timeoutMs: 5_000 };

interface Engine {
  name: string;
  /** The test server it needs (none for SQLite). */
  service: TestService | null;
  dialect: Dialect;
  setup(): Promise<{ url: string; teardown: () => Promise<void> } | { skip: string }>;
  fixture: string[];
  /** Whether `WHERE name = "Kyle"` is a string literal the engine itself cannot run as written (SQLite, DQS off). */
  doubleQuotedFailsAsWritten: boolean;
}

const ROWS = [
  "INSERT INTO customers (id, name, city) VALUES (1, 'Kyle', 'Paris'), (2, 'Ann', 'Lyon'), (3, 'it''s', 'Paris')",
  "INSERT INTO show (id, title, year) VALUES (1, 'Alpha', 2020), (2, 'Beta', 2021), (3, 'Gamma', 2021)",
];

const engines: Engine[] = [
  {
    name: 'sqlite',
    service: null,
    dialect: 'sqlite',
    async setup() {
      const dir = mkdtempSync(path.join(tmpdir(), 'nlq-repair-'));
      return {
        url: `sqlite://${path.join(dir, 'repair.db')}`,
        teardown: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
    fixture: [
      'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT)',
      'CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT, year INTEGER)',
      ...ROWS,
    ],
    doubleQuotedFailsAsWritten: true,
  },
  {
    name: 'postgresql',
    service: 'postgresql',
    dialect: 'postgresql',
    async setup() {
      const admin = new Client({
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        database: 'postgres',
        connectionTimeoutMillis: 3000,
      });
      try {
        await admin.connect();
      } catch (e) {
        return { skip: `PostgreSQL unreachable at 127.0.0.1:5432 (${(e as Error).message})` };
      }
      const db = unique();
      await admin.query(`CREATE DATABASE ${db}`);
      return {
        url: `postgres://postgres@127.0.0.1:5432/${db}`,
        teardown: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
          await admin.end();
        },
      };
    },
    fixture: [
      'CREATE TABLE customers (id integer PRIMARY KEY, name text, city text)',
      'CREATE TABLE show (id integer PRIMARY KEY, title text, year integer)',
      ...ROWS,
    ],
    doubleQuotedFailsAsWritten: true,
  },
  {
    name: 'mariadb',
    service: 'mariadb',
    dialect: 'mariadb',
    async setup() {
      let admin: Connection;
      try {
        admin = await createConnection({
          host: '127.0.0.1',
          port: 3306,
          user: 'root',
          password: '',
          connectTimeout: 3000,
        });
      } catch (e) {
        return { skip: `MariaDB unreachable at 127.0.0.1:3306 (${(e as Error).message})` };
      }
      const db = unique();
      await admin.query(`CREATE DATABASE ${db}`);
      return {
        url: `mysql://root@127.0.0.1:3306/${db}`,
        teardown: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${db}`);
          await admin.end();
        },
      };
    },
    fixture: [
      'CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), city varchar(40))',
      'CREATE TABLE `show` (id int PRIMARY KEY, title varchar(40), year int)',
      ROWS[0],
      ROWS[1].replace('INTO show', 'INTO `show`'),
    ],
    doubleQuotedFailsAsWritten: false,
  },
  {
    name: 'mysql (the MySQL dialect on the MariaDB server)',
    service: 'mariadb',
    dialect: 'mysql',
    async setup() {
      let admin: Connection;
      try {
        admin = await createConnection({
          host: '127.0.0.1',
          port: 3306,
          user: 'root',
          password: '',
          connectTimeout: 3000,
        });
      } catch (e) {
        return { skip: `MariaDB unreachable at 127.0.0.1:3306 (${(e as Error).message})` };
      }
      const db = unique();
      await admin.query(`CREATE DATABASE ${db}`);
      return {
        url: `mysql://root@127.0.0.1:3306/${db}`,
        teardown: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${db}`);
          await admin.end();
        },
      };
    },
    fixture: [
      'CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), city varchar(40))',
      'CREATE TABLE `show` (id int PRIMARY KEY, title varchar(40), year int)',
      ROWS[0],
      ROWS[1].replace('INTO show', 'INTO `show`'),
    ],
    doubleQuotedFailsAsWritten: false,
  },
];

describeEachWith(engines, (e) => (e.service ? [e.service] : []))('deterministic SQL repairs on $name', (engine) => {
  let driver: DatabaseDriver;
  let schema: DatabaseSchema;
  let teardown: (() => Promise<void>) | undefined;
  let skipReason: string | undefined;
  let url = '';

  const skipped = () => {
    if (skipReason) console.warn(`[skip ${engine.name}] ${skipReason}`);
    return Boolean(skipReason);
  };

  /** Repairs, then checks the repaired text from the start as the pipeline's check stage does. */
  const repairAndCheck = (sql: string) => {
    const repaired = repairSql(sql, engine.dialect, schema);
    return {
      ...repaired,
      kind: classifySql(repaired.sql, engine.dialect).kind,
      unknown: checkReferences(repaired.sql, engine.dialect, schema),
    };
  };

  beforeAll(async () => {
    const env = await engine.setup();
    if ('skip' in env) {
      skipReason = env.skip;
      return;
    }
    url = env.url;
    teardown = env.teardown;
    driver = createDriver(url);
    for (const sql of engine.fixture) await driver.runWrite(sql, { timeoutMs: 10_000 });
    await driver.connect();
    schema = await driver.introspect();
  }, 60_000);

  afterAll(async () => {
    await driver?.close();
    await teardown?.();
  });

  it('a table named show: refused by the parser as written, quoted and answered after the repair', async () => {
    if (skipped()) return;
    const asWritten = 'SELECT COUNT(*) AS n FROM show WHERE year = 2021';
    if (engine.service !== 'mariadb') {
      // the engine itself runs it; only node-sql-parser's grammar refuses it
      expect(Number((await driver.runRead(asWritten, READ)).rows[0][0])).toBe(2);
    }
    expect(classifySql(asWritten, engine.dialect).kind).toBe('refused');
    const r = repairAndCheck(asWritten);
    expect(r.repairs).toEqual([expect.objectContaining({ rule: 'keyword-identifier', from: 'show' })]);
    expect(r.kind).toBe('read');
    expect(r.unknown).toEqual([]);
    expect(Number((await driver.runRead(r.sql, READ)).rows[0][0])).toBe(2);
  });

  it('a qualified keyword table joined to another table', async () => {
    if (skipped()) return;
    const r = repairAndCheck(
      "SELECT show.title FROM show JOIN customers c ON c.id = show.id WHERE c.city = 'Paris' ORDER BY show.title",
    );
    expect(r.kind).toBe('read');
    expect(r.unknown).toEqual([]);
    expect((await driver.runRead(r.sql, READ)).rows).toEqual([['Alpha'], ['Gamma']]);
  });

  it('double-quoted string literals', async () => {
    if (skipped()) return;
    const asWritten = 'SELECT id FROM customers WHERE name = "Kyle" OR name = "it\'s" ORDER BY id';
    const r = repairAndCheck(asWritten);
    if (engine.dialect === 'postgresql') {
      // PostgreSQL reads "Kyle" as a column, as the engine does: no repair, the unknown column goes back to the model
      expect(r.repairs).toEqual([]);
      expect(r.unknown.join(' ')).toMatch(/kyle/);
      await expect(driver.runRead(asWritten, READ)).rejects.toThrow(/kyle/i);
      return;
    }
    if (engine.doubleQuotedFailsAsWritten)
      await expect(driver.runRead(asWritten, READ)).rejects.toThrow(/no such column/i);
    expect(r.repairs.map((x) => x.rule)).toEqual(['double-quoted-literal', 'double-quoted-literal']);
    expect(r.sql).toBe("SELECT id FROM customers WHERE name = 'Kyle' OR name = 'it''s' ORDER BY id");
    expect(r.kind).toBe('read');
    expect((await driver.runRead(r.sql, READ)).rows.map((row) => Number(row[0]))).toEqual([1, 3]);
  });

  it('a double-quoted name that is a column stays a column', async () => {
    if (skipped() || engine.service === 'mariadb') return; // MariaDB reads "city" as a string either way
    const r = repairAndCheck('SELECT "name" FROM customers WHERE "city" = "Lyon"');
    expect(r.repairs).toHaveLength(engine.dialect === 'sqlite' ? 1 : 0);
    if (engine.dialect === 'sqlite') expect((await driver.runRead(r.sql, READ)).rows).toEqual([['Ann']]);
  });

  it('MAX(DISTINCT x), which the parser refuses, gets its argument parenthesised and answers', async () => {
    if (skipped()) return;
    const r = repairAndCheck('SELECT MAX(DISTINCT s.year) AS latest, COUNT(DISTINCT s.year) AS years FROM show AS s');
    expect(r.repairs.map((x) => x.rule)).toEqual(['aggregate-distinct-argument', 'keyword-identifier']);
    expect(r.repairs[0]).toEqual({
      rule: 'aggregate-distinct-argument',
      from: 'DISTINCT s.year',
      to: 'DISTINCT (s.year)',
    });
    expect(r.kind).toBe('read');
    expect((await driver.runRead(r.sql, READ)).rows.map((row) => row.map(Number))).toEqual([[2021, 2]]);
  });

  it('LIMIT and OFFSET expressions are checked as they are and run (SQLite, PostgreSQL)', async () => {
    if (skipped() || engine.service === 'mariadb') return; // MySQL and MariaDB take literals only there
    const median =
      'WITH y AS (SELECT year FROM customers c JOIN "show" s ON s.id = c.id) SELECT AVG(year) AS median FROM ' +
      '(SELECT year FROM y ORDER BY year LIMIT 2 - (SELECT COUNT(*) FROM y) % 2 OFFSET (SELECT (COUNT(*) - 1) / 2 FROM y)) AS m';
    expect(classifySql(median, engine.dialect).kind).toBe('read');
    expect(checkReferences(median, engine.dialect, schema)).toEqual([]);
    expect(Number((await driver.runRead(median, READ)).rows[0][0])).toBe(2021);
  });

  it('never turns a refused or write statement into an accepted read', async () => {
    if (skipped()) return;
    expect(repairAndCheck('DELETE FROM show WHERE title = "Alpha"').kind).toBe('write');
    expect(repairAndCheck('UPDATE show SET title = "x" WHERE id = 1').kind).toBe('write');
    expect(repairAndCheck('SELECT COUNT(*) FROM show; DELETE FROM show').kind).toBe('refused');
    expect(repairAndCheck('PRAGMA table_info(show)').kind).toBe('refused');
    // nothing was changed by the checks above
    expect(Number((await driver.runRead(repairAndCheck('SELECT COUNT(*) FROM show').sql, READ)).rows[0][0])).toBe(3);
  });
});

/** MariaDB with ANSI_QUOTES reads "..." as an identifier: the repaired statement runs in both modes. */
describeEachWith([{ name: 'mariadb' }], () => ['mariadb'])(
  'double-quoted literals on $name with and without ANSI_QUOTES',
  () => {
    let admin: Connection | undefined;
    let db = '';
    let skipReason: string | undefined;
    beforeAll(async () => {
      try {
        admin = await createConnection({
          host: '127.0.0.1',
          port: 3306,
          user: 'root',
          password: '',
          connectTimeout: 3000,
        });
      } catch (e) {
        skipReason = `MariaDB unreachable at 127.0.0.1:3306 (${(e as Error).message})`;
        return;
      }
      db = unique();
      await admin.query(`CREATE DATABASE ${db}`);
      await admin.query(`USE ${db}`);
      await admin.query('CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), city varchar(40))');
      await admin.query(ROWS[0]);
    }, 30_000);
    afterAll(async () => {
      if (admin && db) await admin.query(`DROP DATABASE IF EXISTS ${db}`);
      await admin?.end();
    });

    it('fails as written under ANSI_QUOTES, runs repaired in both modes', async () => {
      if (skipReason) {
        console.warn(`[skip mariadb] ${skipReason}`);
        return;
      }
      const schema: DatabaseSchema = {
        dialect: 'mariadb',
        version: 'v',
        introspectedAt: '',
        tables: [
          {
            name: 'customers',
            kind: 'table',
            primaryKey: ['id'],
            foreignKeys: [],
            columns: ['id', 'name', 'city'].map((name) => ({
              name,
              type: 'varchar',
              nullable: true,
              primaryKey: false,
            })),
          },
        ],
      };
      const asWritten = 'SELECT id FROM customers WHERE name = "Kyle"';
      const repaired = repairSql(asWritten, 'mariadb', schema).sql;
      expect(repaired).toBe("SELECT id FROM customers WHERE name = 'Kyle'");
      await admin!.query("SET SESSION sql_mode = 'ANSI_QUOTES'");
      await expect(admin!.query(asWritten)).rejects.toThrow(/unknown column/i);
      expect(((await admin!.query(repaired))[0] as Array<{ id: number }>).map((r) => r.id)).toEqual([1]);
      await admin!.query("SET SESSION sql_mode = ''");
      expect(((await admin!.query(repaired))[0] as Array<{ id: number }>).map((r) => r.id)).toEqual([1]);
    });
  },
);
