/**
 * One conformance suite for every engine with a server on this machine (kysely-style): SQLite always (a temp
 * file), PostgreSQL (127.0.0.1:5432, user postgres, a fresh database per run) and MariaDB (127.0.0.1:3306, root,
 * a fresh database per run). An engine is skipped, with the reason printed, only when its server is unreachable.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { createDriver, DatabaseError, type DatabaseDriver } from './index';
import { describeEachWith, type TestService } from '@nlq/test-services';

interface EngineCase {
  name: string;
  /** Creates an empty database and returns its URL, or a reason to skip. */
  setup(): Promise<{ url: string; teardown(): Promise<void> } | { skip: string }>;
  fixture: string[];
  slowSql: string;
  comments: boolean;
  idType: RegExp;
  statusType: RegExp;
  expectedDialect: string;
}

const INSERTS = [
  "INSERT INTO customers (id, name, country, deleted_at) VALUES (1, 'Ada', 'France', NULL), (2, 'Bob', NULL, NULL), (3, 'Cy', 'Peru', '2024-01-01 00:00:00')",
  'INSERT INTO orders (id, customer_id, status, amount, deleted_at) VALUES ' +
    "(1, 1, 'open', 10.50, NULL), (2, 1, 'shipped', 20, NULL), (3, 2, 'cancelled', 5.25, NULL), (4, 3, 'open', 7, NULL), (5, 2, 'shipped', NULL, '2024-02-02 00:00:00')",
];

const unique = () => `nlq_conf_${randomBytes(5).toString('hex')}`;

const engines: EngineCase[] = [
  {
    name: 'sqlite',
    expectedDialect: 'sqlite',
    async setup() {
      const dir = mkdtempSync(path.join(tmpdir(), 'nlq-conf-'));
      return {
        url: `sqlite://${path.join(dir, 'conformance.db')}`,
        teardown: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
    fixture: [
      'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, deleted_at TEXT)',
      'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), status VARCHAR(20) NOT NULL, amount NUMERIC(10,2), deleted_at TIMESTAMP)',
      ...INSERTS,
    ],
    slowSql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
    comments: false,
    idType: /^INTEGER$/,
    statusType: /^VARCHAR\(20\)$/,
  },
  {
    name: 'postgresql',
    expectedDialect: 'postgresql',
    async setup() {
      const admin = new Client({
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        database: 'test',
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
      'CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, country varchar(40), deleted_at timestamp)',
      "COMMENT ON TABLE customers IS 'People who buy'",
      "COMMENT ON COLUMN customers.country IS 'Country name'",
      'CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), status varchar(20) NOT NULL, amount numeric(10,2), deleted_at timestamptz)',
      ...INSERTS,
    ],
    slowSql: 'SELECT pg_sleep(10)',
    comments: true,
    idType: /^integer$/,
    statusType: /^character varying\(20\)$/,
  },
  {
    name: 'mariadb',
    expectedDialect: 'mariadb',
    async setup() {
      let admin;
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
      "CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, country varchar(40) COMMENT 'Country name', deleted_at datetime) ENGINE=InnoDB COMMENT='People who buy'",
      'CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(20) NOT NULL, amount decimal(10,2), deleted_at datetime, ' +
        'FOREIGN KEY (customer_id) REFERENCES customers(id)) ENGINE=InnoDB',
      ...INSERTS,
    ],
    slowSql: 'SELECT SLEEP(10)',
    comments: true,
    idType: /^int(\(11\))?$/,
    statusType: /^varchar\(20\)$/,
  },
];

const READ = { maxRows: 100, timeoutMs: 5_000 };

describeEachWith(engines, (engine) => (engine.name === 'sqlite' ? [] : [engine.name as TestService]))(
  'DatabaseDriver conformance: $name',
  (engine) => {
    let driver: DatabaseDriver;
    let teardown: (() => Promise<void>) | undefined;
    let skipReason: string | undefined;
    let url = '';
    let schema: DatabaseSchema;

    const skipped = () => {
      if (skipReason) console.warn(`[skip ${engine.name}] ${skipReason}`);
      return Boolean(skipReason);
    };
    const count = async (table: string) =>
      (await driver.runRead(`SELECT COUNT(*) AS n FROM ${table}`, READ)).rows[0][0];
    const table = (name: string): TableSchema => {
      const t = schema.tables.find((x) => x.name === name);
      if (!t) throw new Error(`table ${name} not introspected`);
      return t;
    };
    const refusal = async (sql: string): Promise<DatabaseError> => {
      const err = await driver.runRead(sql, READ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DatabaseError);
      return err as DatabaseError;
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
      await driver.connect(); // idempotent
      schema = await driver.introspect();
    }, 60_000);

    afterAll(async () => {
      await driver?.close();
      await teardown?.();
    }, 60_000);

    it('reports its dialect', () => {
      if (skipped()) return;
      expect(driver.dialect).toBe(engine.expectedDialect);
      expect(schema.dialect).toBe(engine.expectedDialect);
    });

    it('introspects tables, columns, types, nullability, keys, comments and sample values', () => {
      if (skipped()) return;
      expect(schema.tables.map((t) => t.name).sort()).toEqual(['customers', 'orders']);
      const customers = table('customers');
      const orders = table('orders');
      expect(customers.kind).toBe('table');
      expect(customers.schema ?? null).toBeNull();
      expect(customers.columns.map((c) => c.name)).toEqual(['id', 'name', 'country', 'deleted_at']);
      expect(orders.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'status', 'amount', 'deleted_at']);
      const col = (t: TableSchema, n: string) => t.columns.find((c) => c.name === n)!;
      expect(col(customers, 'id').type).toMatch(engine.idType);
      expect(col(orders, 'status').type).toMatch(engine.statusType);
      expect(col(customers, 'id')).toMatchObject({ primaryKey: true, nullable: false });
      expect(col(customers, 'name')).toMatchObject({ primaryKey: false, nullable: false });
      expect(col(customers, 'country').nullable).toBe(true);
      expect(col(orders, 'deleted_at').nullable).toBe(true);
      expect(customers.primaryKey).toEqual(['id']);
      expect(orders.primaryKey).toEqual(['id']);
      expect(orders.foreignKeys).toEqual([
        { columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] },
      ]);
      expect(customers.foreignKeys).toEqual([]);
      if (engine.comments) {
        expect(customers.comment).toBe('People who buy');
        expect(col(customers, 'country').comment).toBe('Country name');
        expect(orders.comment ?? null).toBeNull();
      }
      expect(col(orders, 'status').sampleValues).toEqual(['cancelled', 'open', 'shipped']);
      expect(col(customers, 'country').sampleValues).toEqual(['France', 'Peru']);
      expect(col(orders, 'amount').sampleValues).toBeUndefined(); // not a text column
      expect(schema.version).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(schema.introspectedAt))).toBe(false);
    });

    it('gives the same schema version for the same schema', async () => {
      if (skipped()) return;
      expect((await driver.introspect()).version).toBe(schema.version);
    });

    it('reads rows as JSON-safe arrays and sets truncated at the row limit', async () => {
      if (skipped()) return;
      const all = await driver.runRead('SELECT id, status, amount FROM orders ORDER BY id', {
        maxRows: 10,
        timeoutMs: 5_000,
      });
      expect(all.columns).toEqual(['id', 'status', 'amount']);
      expect(all.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5]);
      expect(all.rows[0][2]).toBe(10.5);
      expect(all.rows[4][2]).toBeNull();
      expect(all).toMatchObject({ rowCount: 5, truncated: false });
      expect(all.durationMs).toBeGreaterThanOrEqual(0);

      const cut = await driver.runRead('SELECT id, status FROM orders ORDER BY id', { maxRows: 3, timeoutMs: 5_000 });
      expect(cut.rows).toEqual([
        [1, 'open'],
        [2, 'shipped'],
        [3, 'cancelled'],
      ]);
      expect(cut).toMatchObject({ rowCount: 3, truncated: true });

      const exact = await driver.runRead('SELECT id FROM orders ORDER BY id', { maxRows: 5, timeoutMs: 5_000 });
      expect(exact).toMatchObject({ rowCount: 5, truncated: false });

      const dup = await driver.runRead('SELECT id, id FROM customers ORDER BY id', READ);
      expect(dup.columns).toHaveLength(2);
      expect(dup.rows[0]).toEqual([1, 1]);
      expect(await count('orders')).toBe(5);
      expect(JSON.parse(JSON.stringify(all))).toEqual(all);
    });

    it('runs concurrent reads', async () => {
      if (skipped()) return;
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((id) => driver.runRead(`SELECT status FROM orders WHERE id = ${id}`, READ)),
      );
      expect(results.map((r) => r.rows[0][0])).toEqual(['open', 'shipped', 'cancelled', 'open', 'shipped']);
    });

    it('times out a slow read with kind timeout within about a second of the limit', async () => {
      if (skipped()) return;
      const t0 = Date.now();
      const err = await driver.runRead(engine.slowSql, { maxRows: 10, timeoutMs: 1_000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      const elapsed = Date.now() - t0;
      expect(err).toBeInstanceOf(DatabaseError);
      expect((err as DatabaseError).kind).toBe('timeout');
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(2_000);
      // the driver is still usable afterwards
      expect(await count('orders')).toBe(5);
    });

    it.each([
      ["INSERT INTO orders (id, customer_id, status) VALUES (99, 1, 'open')"],
      ["UPDATE orders SET status = 'lost'"],
      ['DELETE FROM orders'],
      ['DROP TABLE orders'],
    ])('the database itself refuses a write through runRead: %s', async (sql) => {
      if (skipped()) return;
      const err = await refusal(sql);
      expect(err.kind).toBe('read_only');
      expect(await count('orders')).toBe(5);
      const statuses = await driver.runRead("SELECT COUNT(*) FROM orders WHERE status = 'lost'", READ);
      expect(statuses.rows[0][0]).toBe(0);
    });

    it('refuses a stacked second statement and deletes nothing', async () => {
      if (skipped()) return;
      await refusal('SELECT 1; DELETE FROM orders');
      await refusal('SELECT 1 AS one; DELETE FROM orders;');
      expect(await count('orders')).toBe(5);
    });

    it('refuses a data-modifying CTE on PostgreSQL and deletes nothing', async () => {
      if (skipped() || engine.name !== 'postgresql') return;
      const err = await refusal('WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d');
      expect(err.kind).toBe('read_only');
      expect(await count('orders')).toBe(5);
    });

    it('leaves every pooled PostgreSQL connection outside a transaction after reads that end, stop at the row limit and fail', async () => {
      if (skipped() || engine.name !== 'postgresql') return;
      // one connection, so every read and the write below share it: a read left open (in its read-only transaction,
      // or aborted after an error) would make the write fail or run inside that transaction
      const single = createDriver(url, { poolSize: 1 });
      const failure = (read: Promise<unknown>) =>
        read.then(
          () => Promise.reject(new Error('the read was expected to fail')),
          (e: unknown) => e as DatabaseError,
        );
      try {
        const limited = await single.runRead('SELECT id FROM orders ORDER BY id', { maxRows: 2, timeoutMs: 5_000 });
        expect(limited.rows).toEqual([[1], [2]]);
        expect(limited.truncated).toBe(true);
        expect((await failure(single.runRead('SELECT no_such_column FROM orders', READ))).kind).toBe('syntax');
        expect(
          (await failure(single.runRead('WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d', READ))).kind,
        ).toBe('read_only');
        expect((await failure(single.runRead('SELECT pg_sleep(2)', { maxRows: 10, timeoutMs: 300 }))).kind).toBe(
          'timeout',
        );
        // the read itself runs in the read-only transaction with its statement timeout
        const inside = await single.runRead(
          "SELECT current_setting('transaction_read_only'), current_setting('statement_timeout')",
          READ,
        );
        expect(inside.rows).toEqual([['on', '5s']]);
        // a read-only transaction left open would refuse this write (25006) instead of committing it
        const write = await single.runWrite('UPDATE orders SET status = status WHERE id = 1', { timeoutMs: 5_000 });
        expect(write.rowsAffected).toBe(1);
      } finally {
        await single.close();
      }
    });

    it('keeps SQLite ATTACH, PRAGMA writes and load_extension from changing anything', async () => {
      if (skipped() || engine.name !== 'sqlite') return;
      const file = url.replace(/^sqlite:\/\//, '');
      const evil = path.join(path.dirname(file), 'evil.db');
      await driver.runRead(`ATTACH DATABASE '${evil}' AS evil`, READ).catch(() => undefined);
      expect(existsSync(evil)).toBe(false);
      const dbs = await driver.runRead('SELECT name FROM pragma_database_list', READ);
      expect(dbs.rows.map((r) => r[0])).toEqual(['main']);

      expect((await refusal('PRAGMA user_version = 7')).kind).toBe('read_only');
      expect((await driver.runRead('PRAGMA user_version', READ)).rows[0][0]).toBe(0);
      await driver.runRead('PRAGMA journal_mode = WAL', READ).catch(() => undefined);
      expect((await driver.runRead('PRAGMA journal_mode', READ)).rows[0][0]).not.toBe('wal');

      await refusal("SELECT load_extension('/tmp/nlq-no-such-extension')");
      await driver.runRead(`VACUUM INTO '${path.join(path.dirname(file), 'copy.db')}'`, READ).catch(() => undefined);
      expect(existsSync(path.join(path.dirname(file), 'copy.db'))).toBe(false);
      expect(await count('orders')).toBe(5);
    });

    it('reports a syntax error with kind syntax', async () => {
      if (skipped()) return;
      expect((await refusal('SELECT no_such_column FROM orders')).kind).toBe('syntax');
      expect((await refusal('SELECT * FROM no_such_table')).kind).toBe('syntax');
    });

    it('runs an approved write in its own committed transaction and reports rows affected', async () => {
      if (skipped()) return;
      const w = await driver.runWrite("UPDATE orders SET status = 'delivered' WHERE status = 'shipped'", {
        timeoutMs: 5_000,
      });
      expect(w.rowsAffected).toBe(2);
      expect(w.durationMs).toBeGreaterThanOrEqual(0);
      const r = await driver.runRead("SELECT id FROM orders WHERE status = 'delivered' ORDER BY id", READ);
      expect(r.rows).toEqual([[2], [5]]);
      const ins = await driver.runWrite("INSERT INTO orders (id, customer_id, status) VALUES (6, 1, 'open')", {
        timeoutMs: 5_000,
      });
      expect(ins.rowsAffected).toBe(1);
      expect(await count('orders')).toBe(6);
      const bad = await driver
        .runWrite("INSERT INTO orders (id, customer_id, status) VALUES (6, 1, 'dup')", { timeoutMs: 5_000 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect((bad as DatabaseError).kind).toBe('constraint');
      const del = await driver.runWrite('DELETE FROM orders WHERE id = 6', { timeoutMs: 5_000 });
      expect(del.rowsAffected).toBe(1);
      expect(await count('orders')).toBe(5);
    });

    it('pings and closes twice', async () => {
      if (skipped()) return;
      const ms = await driver.ping();
      expect(typeof ms).toBe('number');
      expect(ms).toBeGreaterThanOrEqual(0);
      const other = createDriver(url);
      await other.connect();
      expect(await other.ping()).toBeGreaterThanOrEqual(0);
      await other.close();
      await other.close();
    });
  },
);

describe('connection failures', () => {
  it('reports an unreachable PostgreSQL server with kind connection', async () => {
    const d = createDriver('postgres://postgres@127.0.0.1:1/test');
    await expect(d.connect()).rejects.toMatchObject({ kind: 'connection' });
    await d.close();
  });

  it('reports an unreachable MySQL server with kind connection', async () => {
    const d = createDriver('mysql://root@127.0.0.1:1/test');
    await expect(d.connect()).rejects.toMatchObject({ kind: 'connection' });
    await d.close();
  });

  it('reports a missing SQLite file with kind connection', async () => {
    const d = createDriver(`sqlite://${path.join(tmpdir(), `nlq-missing-${randomBytes(4).toString('hex')}.db`)}`);
    await expect(d.connect()).rejects.toMatchObject({ kind: 'connection' });
    await d.close();
  });

  it('rejects an unknown scheme with kind unsupported', () => {
    expect(() => createDriver('oracle://scott:tiger@db/orcl')).toThrow(
      expect.objectContaining({ kind: 'unsupported' }),
    );
  });
});
