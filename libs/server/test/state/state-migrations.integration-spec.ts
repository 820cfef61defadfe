/**
 * The state schema comes from migrations run once under a lock: replicas starting together on an
 * empty PostgreSQL database or SQLite file all become ready, the migrations run exactly once, and a database made by
 * an earlier nlq with `synchronize` is taken over without losing its rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { historyEntry } from '@nlq/pipeline';
import { describeWith } from '@nlq/test-services';
import { HistoryEntryEntity } from '../../src/platform/state/entities';
import { POSTGRES_MIGRATIONS } from '../../src/platform/state/migrations/postgres';
import { SQLITE_MIGRATIONS } from '../../src/platform/state/migrations/sqlite';
import { openStateDataSource, stateDataSourceOptions } from '../../src/platform/state/state-data-source.factory';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

const namesOf = (migrations: ReadonlyArray<new () => { name?: string }>) => migrations.map((m) => new m().name);

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

async function migrationsRun(dataSource: DataSource): Promise<string[]> {
  return (await dataSource.query('SELECT name FROM migrations ORDER BY id')).map((r: { name: string }) => r.name);
}

describe('state migrations on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-migrate-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates every table once when several replicas open one empty file together', async () => {
    const url = `sqlite://${path.join(dir, 'together.db')}`;
    const sources = await Promise.all([openStateDataSource(url), openStateDataSource(url), openStateDataSource(url)]);
    try {
      expect(await migrationsRun(sources[0])).toEqual(namesOf(SQLITE_MIGRATIONS));
      await sources[1].getRepository(HistoryEntryEntity).count();
    } finally {
      await Promise.all(sources.map((s) => s.destroy()));
    }
  });

  it('opens a new file and an existing one alike: WAL journal, synchronous NORMAL', async () => {
    const url = `sqlite://${path.join(dir, 'pragmas.db')}`;
    for (const round of ['new file', 'reopened']) {
      const source = await openStateDataSource(url);
      try {
        const [{ journal_mode }] = await source.query('PRAGMA journal_mode');
        const [{ synchronous }] = await source.query('PRAGMA synchronous');
        expect({ round, journal_mode, synchronous }).toEqual({ round, journal_mode: 'wal', synchronous: 1 });
      } finally {
        await source.destroy();
      }
    }
  });

  it('takes over a database created by synchronize, keeping its rows', async () => {
    const url = `sqlite://${path.join(dir, 'legacy.db')}`;
    const legacy = await new DataSource({
      ...stateDataSourceOptions(url),
      synchronize: true,
      migrations: [],
    } as never).initialize();
    await legacy.query(
      `INSERT INTO history_entry (id, kind, session_id, user_id, status, created_at) VALUES ('e1', 'query', 's', 'u', 'ok', '2025-01-01T00:00:00Z')`,
    );
    await legacy.destroy();
    const current = await openStateDataSource(url);
    try {
      expect(await migrationsRun(current)).toHaveLength(SQLITE_MIGRATIONS.length);
      expect(await current.getRepository(HistoryEntryEntity).count()).toBe(1);
    } finally {
      await current.destroy();
    }
  });

  it('upgrades a database at the first migration: feedback entries take the connection of the query they rate', async () => {
    const url = `sqlite://${path.join(dir, 'first.db')}`;
    const old = await new DataSource({
      ...stateDataSourceOptions(url),
      migrations: SQLITE_MIGRATIONS.slice(0, 1),
    } as never).initialize();
    await old.runMigrations();
    await old.query(
      `INSERT INTO history_entry (id, kind, session_id, user_id, status, connection_id, ref_id, signal, created_at) VALUES ` +
        `('q1', 'query', 's', 'u', 'ok', 'c1', NULL, NULL, '2025-01-01T00:00:00Z'), ('f1', 'feedback', 's', 'u', 'ok', NULL, 'q1', 'positive', '2025-01-01T00:00:01Z')`,
    );
    await old.destroy();
    const current = await openStateDataSource(url);
    try {
      expect(await migrationsRun(current)).toEqual(namesOf(SQLITE_MIGRATIONS));
      expect(await current.query(`SELECT connection_id FROM history_entry WHERE id = 'f1'`)).toEqual([
        { connection_id: 'c1' },
      ]);
    } finally {
      await current.destroy();
    }
  });
});

describeWith('postgresql')('state migrations on PostgreSQL', () => {
  const database = `nlq_migrate_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: PG_ADMIN });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('lets three replicas start together on an empty database: one runs the migrations under the advisory lock', async () => {
    const url = `postgres://postgres@127.0.0.1:5432/${database}`;
    const sources = await Promise.all([openStateDataSource(url), openStateDataSource(url), openStateDataSource(url)]);
    try {
      expect(await migrationsRun(sources[2])).toEqual(namesOf(POSTGRES_MIGRATIONS));
      for (const source of sources) expect(await source.getRepository(HistoryEntryEntity).count()).toBe(0);
    } finally {
      await Promise.all(sources.map((s) => s.destroy()));
    }
  });

  it('puts the tables in the schema a URL names', async () => {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS tenant_a`).catch(() => undefined);
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${database}` });
    await client.connect();
    await client.query('CREATE SCHEMA tenant_a');
    const source = await openStateDataSource(`postgres://postgres@127.0.0.1:5432/${database}?schema=tenant_a`);
    try {
      const tables = await client.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'tenant_a' AND table_name IN ('history_entry', 'migrations')`,
      );
      expect(tables.rows.map((r) => r.table_name).sort()).toEqual(['history_entry', 'migrations']);
      expect(await source.getRepository(HistoryEntryEntity).count()).toBe(0);
      // the per-request reads (EntityReader) find the table in that schema too
      await new TypeOrmStateStore(source).appendHistory(
        historyEntry(
          { kind: 'query', session_id: 'in-tenant', user_id: 'u', question: 'q', status: 'ok' },
          Date.UTC(2025, 0, 1),
        ),
      );
      expect(
        (await new TypeOrmStateStore(source).listHistory('in-tenant', { newest: 20 })).map((e) => e.question),
      ).toEqual(['q']);
    } finally {
      await source.destroy();
      await client.end();
    }
  });
});
