/**
 * Write-safety suite: in mode `user`, SQL that would change data, however it is disguised, never runs. A scripted
 * provider returns each attack SQL in turn (on every attempt, so retries cannot help it); the answer must be
 * success false and the fixture table's content (a checksum of every row, read by the engine's own client) must be
 * unchanged. Harmless reads that look suspicious (`deleted_at`, WITH ... SELECT) must still answer.
 *
 * Engines: SQLite always; PostgreSQL (127.0.0.1:5432, postgres, trust) and MariaDB (127.0.0.1:3306, root, no
 * password) each in a database created for this run and dropped afterwards; each is skipped, with the reason
 * printed, only when its server is unreachable.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client as PgClient } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { Dialect } from '@nlq/contracts';
import { createDriver } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';
import { InMemoryEventBus } from './event-bus';
import { DEFAULT_PIPELINE_CONFIG } from './pipeline-config';
import { QueryPipeline } from './query-pipeline';
import { InMemoryStateStore } from './testing/in-memory-state-store';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { describeEachWith, type TestService } from '@nlq/test-services';

interface Engine {
  name: string;
  dialect: Dialect;
  /** Set up the fixture; resolves with the connection URL, or a skip reason. */
  setUp(): Promise<{ url: string } | { skip: string }>;
  /** Rows of t, ordered, read with the engine's own client. */
  rows(): Promise<unknown[]>;
  /** Extra checks that nothing outside t changed (files, tables). */
  untouched(): Promise<void>;
  tearDown(): Promise<void>;
  /** Attacks specific to this engine, besides the common ones. */
  attacks: string[];
}

const run = `nlq_ws_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const FIXTURE = [
  [1, 'alpha', null],
  [2, 'beta', '2024-01-02'],
  [3, 'gamma', null],
];

/** Attacks every engine must refuse in mode user. */
const COMMON_ATTACKS = [
  'SELECT id FROM t; DELETE FROM t',
  'SELECT 1; DROP TABLE t',
  'SELECT id FROM t /* harmless */; UPDATE t SET name = NULL',
  'SELECT id FROM t -- trailing comment\n; DELETE FROM t',
  '/* SELECT */ DELETE FROM t',
  'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
  'WITH x AS (SELECT 1 AS one) DELETE FROM t',
  "UPDATE t SET name = 'owned'",
  'DELETE FROM t',
  "INSERT INTO t (id, name) VALUES (99, 'intruder')",
  'DROP TABLE t',
  'SELECT * FROM t FOR UPDATE',
];

function sqliteEngine(): Engine {
  let dir = '';
  let file = '';
  const evil = () => join(dir, 'attached.sqlite');
  return {
    name: 'SQLite',
    dialect: 'sqlite',
    async setUp() {
      dir = mkdtempSync(join(tmpdir(), 'nlq-write-safety-'));
      file = join(dir, 'fixture.sqlite');
      const db = new Database(file);
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, deleted_at TEXT)');
      const insert = db.prepare('INSERT INTO t (id, name, deleted_at) VALUES (?, ?, ?)');
      for (const row of FIXTURE) insert.run(...row);
      db.close();
      return { url: `sqlite://${file}` };
    },
    async rows() {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT id, name, deleted_at FROM t ORDER BY id').raw().all();
      } finally {
        db.close();
      }
    },
    async untouched() {
      expect(existsSync(evil())).toBe(false);
      const db = new Database(file, { readonly: true });
      try {
        expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").raw().all()).toEqual([
          ['t'],
        ]);
      } finally {
        db.close();
      }
    },
    async tearDown() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    get attacks() {
      return [
        `ATTACH DATABASE '${evil()}' AS evil`,
        'PRAGMA writable_schema = ON',
        'PRAGMA journal_mode = DELETE',
        `SELECT load_extension('${join(dir, 'evil.so')}')`,
        "REPLACE INTO t (id, name) VALUES (1, 'replaced')",
        'VACUUM',
      ];
    },
  };
}

function postgresEngine(): Engine {
  const admin = () =>
    new PgClient({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test', connectionTimeoutMillis: 3000 });
  const inRun = () =>
    new PgClient({ host: '127.0.0.1', port: 5432, user: 'postgres', database: run, connectionTimeoutMillis: 3000 });
  let created = false;
  return {
    name: 'PostgreSQL',
    dialect: 'postgresql',
    async setUp() {
      const client = admin();
      try {
        await client.connect();
      } catch (error) {
        return { skip: `PostgreSQL unreachable at 127.0.0.1:5432 (${(error as Error).message})` };
      }
      try {
        await client.query(`CREATE DATABASE ${run}`);
        created = true;
      } finally {
        await client.end();
      }
      const db = inRun();
      await db.connect();
      try {
        await db.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, deleted_at TEXT)');
        for (const row of FIXTURE) await db.query('INSERT INTO t (id, name, deleted_at) VALUES ($1, $2, $3)', row);
      } finally {
        await db.end();
      }
      return { url: `postgres://postgres@127.0.0.1:5432/${run}` };
    },
    async rows() {
      const db = inRun();
      await db.connect();
      try {
        return (await db.query({ text: 'SELECT id, name, deleted_at FROM t ORDER BY id', rowMode: 'array' })).rows;
      } finally {
        await db.end();
      }
    },
    async untouched() {
      const db = inRun();
      await db.connect();
      try {
        const tables = await db.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
        );
        expect(tables.rows.map((r) => r.table_name)).toEqual(['t']);
        expect(existsSync(`${join(tmpdir(), run)}.copied`)).toBe(false);
      } finally {
        await db.end();
      }
    },
    async tearDown() {
      if (!created) return;
      const client = admin();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${run} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
    attacks: [
      'SELECT * INTO t_copy FROM t',
      `COPY t TO PROGRAM 'touch ${join(tmpdir(), run)}.copied'`,
      'TRUNCATE t',
      "SELECT set_config('default_transaction_read_only', 'off', false); DELETE FROM t",
      'CREATE TABLE t_new AS SELECT * FROM t',
      'SELECT * FROM t FOR SHARE',
    ],
  };
}

function mariadbEngine(): Engine {
  const connect = (database?: string) =>
    createConnection({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: '',
      database,
      connectTimeout: 3000,
      multipleStatements: false,
    });
  let created = false;
  const outfile = join(tmpdir(), `${run}.txt`);
  return {
    name: 'MariaDB',
    dialect: 'mariadb',
    async setUp() {
      let conn;
      try {
        conn = await connect('test');
      } catch (error) {
        return { skip: `MariaDB unreachable at 127.0.0.1:3306 (${(error as Error).message})` };
      }
      try {
        await conn.query(`CREATE DATABASE \`${run}\``);
        created = true;
        await conn.query(`CREATE TABLE \`${run}\`.t (id INTEGER PRIMARY KEY, name TEXT, deleted_at TEXT)`);
        for (const row of FIXTURE)
          await conn.query(`INSERT INTO \`${run}\`.t (id, name, deleted_at) VALUES (?, ?, ?)`, row);
      } finally {
        await conn.end();
      }
      return { url: `mariadb://root@127.0.0.1:3306/${run}` };
    },
    async rows() {
      const conn = await connect(run);
      try {
        const [rows] = await conn.query({ sql: 'SELECT id, name, deleted_at FROM t ORDER BY id', rowsAsArray: true });
        return rows as unknown[];
      } finally {
        await conn.end();
      }
    },
    async untouched() {
      const conn = await connect(run);
      try {
        const [rows] = await conn.query({ sql: 'SHOW TABLES', rowsAsArray: true });
        expect(rows).toEqual([['t']]);
        expect(existsSync(outfile)).toBe(false);
      } finally {
        await conn.end();
      }
    },
    async tearDown() {
      if (!created) return;
      const conn = await connect();
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${run}\``);
      } finally {
        await conn.end();
      }
    },
    attacks: [
      `SELECT * FROM t INTO OUTFILE '${outfile}'`,
      'SELECT * FROM t LOCK IN SHARE MODE',
      'TRUNCATE t',
      "REPLACE INTO t (id, name) VALUES (1, 'replaced')",
      'CREATE TABLE t_new AS SELECT * FROM t',
      'SET @x = 1; DELETE FROM t',
    ],
  };
}

const checksum = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');

const serverOf: Record<string, TestService[]> = { PostgreSQL: ['postgresql'], MariaDB: ['mariadb'] };
describeEachWith([sqliteEngine(), postgresEngine(), mariadbEngine()], (engine) => serverOf[engine.name] ?? [])(
  'write safety on $name',
  (engine) => {
    let driver: DatabaseDriver | null = null;
    let skip: string | null = null;
    let before = '';

    beforeAll(async () => {
      const setUp = await engine.setUp();
      if ('skip' in setUp) {
        skip = setUp.skip;
        console.warn(`write-safety ${engine.name} skipped: ${skip}`);
        return;
      }
      driver = createDriver(setUp.url);
      await driver.connect();
      before = checksum(await engine.rows());
    });

    afterAll(async () => {
      await driver?.close();
      await engine.tearDown();
    });

    function pipelineFor(sql: string, mode: 'user' | 'admin') {
      const provider = new ScriptedLlmProvider({ sql: () => sql });
      const store = new InMemoryStateStore();
      const pipeline = new QueryPipeline({
        targets: {
          connection: async () => ({ connectionId: engine.name, driver: driver as DatabaseDriver }),
          provider: async () => provider,
        },
        store,
        config: { ...DEFAULT_PIPELINE_CONFIG, mode, maxRetries: 1 },
        audit: { audit: () => undefined },
        events: new InMemoryEventBus(),
      });
      return { pipeline, store, provider };
    }

    const attacks = () => [...COMMON_ATTACKS, ...engine.attacks];

    it('refuses every attack in mode user and leaves the data unchanged', async () => {
      if (skip) return console.warn(`skipped: ${skip}`);
      const ran: string[] = [];
      for (const sql of attacks()) {
        const { pipeline, store } = pipelineFor(sql, 'user');
        const out = await pipeline.ask({
          question: 'Give me the rows of t',
          sessionId: 'attacker',
          userId: 'attacker',
        });
        if (out.success) ran.push(sql);
        expect(out.pendingApproval).toBe(false);
        expect(out.error).toEqual(expect.any(String));
        expect(await store.latestOperation('attacker')).toBeNull();
        const after = checksum(await engine.rows());
        if (after !== before) ran.push(`${sql} (changed the data)`);
      }
      expect(ran).toEqual([]);
      await engine.untouched();
    });

    it('refuses disguised and forbidden statements in mode admin too, holding nothing for approval', async () => {
      if (skip) return console.warn(`skipped: ${skip}`);
      const disguised = attacks().filter((sql) => /;\s*\S|ATTACH|PRAGMA|load_extension|PROGRAM|OUTFILE/i.test(sql));
      expect(disguised.length).toBeGreaterThan(3);
      for (const sql of disguised) {
        const { pipeline, store } = pipelineFor(sql, 'admin');
        const out = await pipeline.ask({ question: 'Give me the rows of t', sessionId: 'admin', userId: 'admin' });
        expect({ sql, success: out.success, pending: out.pendingApproval }).toEqual({
          sql,
          success: false,
          pending: false,
        });
        expect(await store.latestOperation('admin')).toBeNull();
      }
      expect(checksum(await engine.rows())).toBe(before);
      await engine.untouched();
    });

    it('answers harmless reads that only look dangerous', async () => {
      if (skip) return console.warn(`skipped: ${skip}`);
      const reads: Array<[string, unknown[][]]> = [
        ['SELECT deleted_at FROM t ORDER BY id', [[null], ['2024-01-02'], [null]]],
        [
          'WITH recent AS (SELECT id, name FROM t WHERE id > 1) SELECT name FROM recent ORDER BY name',
          [['beta'], ['gamma']],
        ],
        ["SELECT name FROM t WHERE name <> 'DELETE FROM t' ORDER BY id", [['alpha'], ['beta'], ['gamma']]],
      ];
      for (const [sql, rows] of reads) {
        const { pipeline } = pipelineFor(sql, 'user');
        const out = await pipeline.ask({ question: 'Show the rows of t', sessionId: 'reader', userId: 'reader' });
        expect({ sql, success: out.success, error: out.error, kind: out.kind }).toEqual({
          sql,
          success: true,
          error: null,
          kind: 'read',
        });
        expect(out.result?.rows).toEqual(rows);
      }
      expect(checksum(await engine.rows())).toBe(before);
    });
  },
);
