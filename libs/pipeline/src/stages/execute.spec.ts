import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseError, createDriver } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';
import { executeRead, toDatabaseError } from './execute';

describe('execute stage on the real SQLite driver', () => {
  let dir: string;
  let driver: DatabaseDriver;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nlq-execute-'));
    const file = join(dir, 'db.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE n (v INTEGER); INSERT INTO n VALUES (1), (2), (3), (4), (5);');
    db.close();
    driver = createDriver(`sqlite://${file}`);
    await driver.connect();
  });

  afterAll(async () => {
    await driver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns rows within the row limit and marks truncation', async () => {
    const r = await executeRead(driver, 'SELECT v FROM n ORDER BY v', { maxRows: 3, timeoutMs: 5000 });
    expect(r.ok).toBe(true);
    expect(r.ok && r.result).toMatchObject({ columns: ['v'], rows: [[1], [2], [3]], rowCount: 3, truncated: true });
  });

  it('returns the database error instead of throwing', async () => {
    const r = await executeRead(driver, 'SELECT nosuch_fn(v) FROM n', { maxRows: 3, timeoutMs: 5000 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBeInstanceOf(DatabaseError);
    expect(!r.ok && r.error.message).toMatch(/nosuch_fn/);
  });

  it('is refused by the read-only handle when a write slips through', async () => {
    const r = await executeRead(driver, 'DELETE FROM n', { maxRows: 3, timeoutMs: 5000 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.kind).toBe('read_only');
  });

  it('wraps foreign errors as kind other', () => {
    expect(toDatabaseError(new Error('boom'))).toMatchObject({ kind: 'other', message: 'boom' });
    const own = new DatabaseError('timeout', 'slow');
    expect(toDatabaseError(own)).toBe(own);
  });
});
