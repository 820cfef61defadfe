/** SqliteDriver against real SQLite files (always available): the parts the conformance suite does not cover. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseConnectionUrl } from '../connection-url';
import { DatabaseError } from '../errors';
import { SqliteDriver } from './sqlite.driver';

const dir = mkdtempSync(path.join(tmpdir(), 'nlq-sqlite-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileDriver = (name: string) => new SqliteDriver(parseConnectionUrl(`sqlite://${path.join(dir, name)}`));
const W = { timeoutMs: 10_000 };
const R = { maxRows: 1000, timeoutMs: 5_000 };

describe('SqliteDriver', () => {
  it('keeps sqlite::memory: in a temporary file shared by reads and writes, deleted on close', async () => {
    const d = new SqliteDriver(parseConnectionUrl('sqlite::memory:'));
    await d.connect();
    await d.runWrite('CREATE TABLE t (a INTEGER)', W);
    await d.runWrite('INSERT INTO t VALUES (1), (2)', W);
    expect((await d.runRead('SELECT sum(a) FROM t', R)).rows).toEqual([[3]]);
    const file = (d as unknown as { file: string }).file;
    expect(existsSync(file)).toBe(true);
    await d.close();
    expect(existsSync(file)).toBe(false);
  });

  it('collects sample values only for text columns with at most 50 distinct values, skipping long values', async () => {
    const d = fileDriver('samples.db');
    await d.runWrite(
      'CREATE TABLE items (id INTEGER PRIMARY KEY, fifty TEXT, many TEXT, mixed VARCHAR(200), code INTEGER, ' +
        'parent_id INTEGER REFERENCES items)',
      W,
    );
    await d.runWrite(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO items (id, fifty, many, mixed, code) ' +
        "SELECT i, 'v' || (i % 50), 'm' || (i % 51), CASE WHEN i % 2 = 0 THEN 'short' ELSE printf('%070d', i % 3) END, i % 3 FROM n",
      W,
    );
    await d.runWrite('CREATE VIEW short_items AS SELECT id, fifty FROM items', W);
    const schema = await d.introspect();
    const items = schema.tables.find((t) => t.name === 'items')!;
    const col = (n: string) => items.columns.find((c) => c.name === n)!;
    expect(col('fifty').sampleValues).toHaveLength(50);
    expect(col('many').sampleValues).toBeUndefined();
    // more than 50 distinct values: kept for value retrieval, not as a sample
    expect(col('many').knownValues).toHaveLength(51);
    expect(col('many').knownValues).toContain('m50');
    expect(col('fifty').knownValues).toBeUndefined();
    expect(col('mixed').sampleValues).toEqual(['short']);
    expect(col('code').sampleValues).toBeUndefined();
    expect(items.foreignKeys).toEqual([
      { columns: ['parent_id'], referencedTable: 'items', referencedColumns: ['id'] },
    ]);
    const view = schema.tables.find((t) => t.name === 'short_items')!;
    expect(view.kind).toBe('view');
    expect(view.columns.find((c) => c.name === 'fifty')!.sampleValues).toBeUndefined();
    await d.close();
  });

  it('types columns declared without a type by the storage classes of their values, then samples them', async () => {
    const d = fileDriver('typeless.db');
    // as a CSV import leaves it: no declared types at all
    await d.runWrite('CREATE TABLE people (id, name, city, age, height, joined, seen, code, mixed, empty)', W);
    await d.runWrite(
      'INSERT INTO people VALUES ' +
        "(1, 'Ann', 'Leeds', 31, 1.62, '2024-01-05', '2024-01-05 10:00:00', '007', 'a', NULL), " +
        "(2, 'Bob', 'York', 45, 1.8, '2023-11-30', '2023-11-30T08:15:00Z', '012', 3, NULL), " +
        "(3, 'Cy', 'Leeds', 27, 2, '2022-02-01', '2022-02-01 23:59', '100', 'b', NULL)",
      W,
    );
    const schema = await d.introspect();
    const people = schema.tables.find((t) => t.name === 'people')!;
    const col = (n: string) => people.columns.find((c) => c.name === n)!;
    expect(people.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'INTEGER'],
      ['name', 'TEXT'],
      ['city', 'TEXT'],
      ['age', 'INTEGER'],
      ['height', 'REAL'],
      ['joined', 'DATE'],
      ['seen', 'DATETIME'],
      // digits stored as text compare as text ('12' > 5 in SQLite), so they stay text
      ['code', 'TEXT'],
      // text mixed with numbers, and no values at all: no one type
      ['mixed', ''],
      ['empty', ''],
    ]);
    expect(col('age').typeFromValues).toBe(true);
    expect(col('mixed').typeFromValues).toBeUndefined();
    // typed as text, the column is sampled like a declared one, so its values can be found
    expect(col('city').sampleValues).toEqual(['Leeds', 'York']);
    // and the inferred types compare the stored values as they are
    const older = await d.runRead("SELECT name FROM people WHERE age > 30 AND joined < '2024-01-01'", R);
    expect(older.rows).toEqual([['Bob']]);
    await d.close();
  });

  it('returns JSON-safe values: big integers as strings, blobs as base64', async () => {
    const d = fileDriver('values.db');
    await d.runWrite('CREATE TABLE v (big INTEGER, small INTEGER, b BLOB, r REAL)', W);
    await d.runWrite("INSERT INTO v VALUES (9223372036854775807, 42, x'00ff', 1.5)", W);
    const r = await d.runRead('SELECT big, small, b, r FROM v', R);
    expect(r.rows).toEqual([['9223372036854775807', 42, 'AP8=', 1.5]]);
    await d.close();
  });

  it('replaces the reading process after a timeout and stays fast', async () => {
    const d = fileDriver('timeout.db');
    await d.runWrite('CREATE TABLE t (a INTEGER)', W);
    await d.connect();
    const t0 = performance.now();
    const err = await d
      .runRead('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', {
        maxRows: 1,
        timeoutMs: 300,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    expect((err as DatabaseError).kind).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(1_300);
    expect((await d.runRead('SELECT count(*) FROM t', R)).rows).toEqual([[0]]);
    await d.close();
  });

  it('kills a write past its timeout and leaves the table as it was', async () => {
    const d = fileDriver('write-timeout.db');
    await d.runWrite('CREATE TABLE t (a INTEGER)', W);
    await d.runWrite('INSERT INTO t VALUES (1)', W);
    const err = await d
      .runWrite('INSERT INTO t WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', {
        timeoutMs: 400,
      })
      .catch((e: unknown) => e);
    expect((err as DatabaseError).kind).toBe('timeout');
    expect((await d.runWrite('INSERT INTO t VALUES (2)', W)).rowsAffected).toBe(1);
    expect((await d.runRead('SELECT a FROM t ORDER BY a', R)).rows).toEqual([[1], [2]]);
    await d.close();
  });

  it('reports rows affected by INSERT ... RETURNING and 0 for DDL', async () => {
    const d = fileDriver('returning.db');
    expect((await d.runWrite('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)', W)).rowsAffected).toBe(0);
    expect((await d.runWrite("INSERT INTO t (a) VALUES ('x'), ('y') RETURNING id", W)).rowsAffected).toBe(2);
    await d.close();
  });

  it('pipelines concurrent reads to the processes and answers each with its own rows', async () => {
    const d = fileDriver('pipeline.db');
    await d.runWrite('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)', W);
    await d.runWrite(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i, 'n' || i FROM n",
      W,
    );
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const results = await Promise.all(ids.map((id) => d.runRead(`SELECT id, name FROM t WHERE id = ${id}`, R)));
    expect(results.map((r) => r.rows)).toEqual(ids.map((id) => [[id, `n${id}`]]));
    await d.close();
  });

  it('runs the reads pipelined behind a runaway read elsewhere when it times out', async () => {
    const d = new SqliteDriver(parseConnectionUrl(`sqlite://${path.join(dir, 'behind.db')}`), { poolSize: 1 });
    await d.runWrite('CREATE TABLE t (a INTEGER)', W);
    await d.runWrite('INSERT INTO t VALUES (7)', W);
    await d.connect();
    const runaway = d.runRead(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1e12) SELECT count(*) FROM c',
      { maxRows: 1, timeoutMs: 300 },
    );
    const behind = [1, 2, 3].map(() => d.runRead('SELECT a FROM t', R));
    expect(((await runaway.catch((e: unknown) => e)) as DatabaseError).kind).toBe('timeout');
    expect((await Promise.all(behind)).map((r) => r.rows)).toEqual([[[7]], [[7]], [[7]]]);
    await d.close();
  });

  it('keeps answering other reads while a runaway read runs, then stops it', async () => {
    const d = new SqliteDriver(parseConnectionUrl(`sqlite://${path.join(dir, 'responsive.db')}`), { poolSize: 2 });
    await d.runWrite('CREATE TABLE t (a INTEGER)', W);
    await d.connect();
    let runawayDone = false;
    const runaway = d
      .runRead(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1e12) SELECT count(*) FROM c',
        { maxRows: 1, timeoutMs: 3_000 },
      )
      .catch((e: unknown) => e)
      .finally(() => (runawayDone = true));
    for (let i = 0; i < 20; i++) expect((await d.runRead('SELECT count(*) FROM t', R)).rows).toEqual([[0]]);
    expect(runawayDone).toBe(false);
    expect(((await runaway) as DatabaseError).kind).toBe('timeout');
    await d.close();
  });
});
