import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createDriver } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';
import { SchemaCache } from './schema';

describe('schema stage: SchemaCache over the real SQLite driver', () => {
  let dir: string;
  let file: string;
  let real: DatabaseDriver;
  let introspections = 0;
  let driver: DatabaseDriver;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nlq-schema-cache-'));
    file = join(dir, 'db.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
    real = createDriver(`sqlite://${file}`);
    // counts introspections; everything else is the real driver
    driver = {
      dialect: real.dialect,
      connect: () => real.connect(),
      introspect: () => {
        introspections++;
        return real.introspect();
      },
      runRead: (sql, options) => real.runRead(sql, options),
      runWrite: (sql, options) => real.runWrite(sql, options),
      ping: () => real.ping(),
      close: () => real.close(),
    };
  });

  afterAll(async () => {
    await real.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads once for concurrent first requests, then serves the cache, and reports its age', async () => {
    let now = 1_000_000;
    const cache = new SchemaCache(() => now);
    expect(cache.ageSeconds('c')).toBe(0);
    const [x, y] = await Promise.all([cache.get('c', driver), cache.get('c', driver)]);
    expect(introspections).toBe(1);
    expect(x.schema.tables.map((t) => t.name)).toEqual(['a']);
    expect(y.schema).toBe(x.schema);
    now += 61_500;
    expect(cache.ageSeconds('c')).toBe(61);
    expect((await cache.get('c', driver)).fromCache).toBe(true);
    expect(introspections).toBe(1);
  });

  it('refresh reloads and sees a changed schema with a new version', async () => {
    const cache = new SchemaCache();
    const before = (await cache.get('c', driver)).schema;
    const db = new Database(file);
    db.exec('CREATE TABLE b (id INTEGER PRIMARY KEY)');
    db.close();
    const after = await cache.refresh('c', driver);
    expect(after.tables.map((t) => t.name).sort()).toEqual(['a', 'b']);
    expect(after.version).not.toBe(before.version);
    expect(cache.peek('c')).toBe(after);
  });
});
