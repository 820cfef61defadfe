import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStateDataSource, TypeOrmStateStore } from '@nlq/server';
import { parseSeedOptions, seedStateDatabase } from './seed-state';

describe('parseSeedOptions', () => {
  it('reads --entries and --out (resolved, as a sqlite URL) with the defaults', () => {
    expect(parseSeedOptions(['--entries', '1000', '--out=state.db'], '/tmp/x')).toEqual({
      entries: 1000,
      stateUrl: 'sqlite:///tmp/x/state.db',
      days: 30,
      batch: 5000,
      seed: 1,
    });
  });

  it('takes --state-url, --days, --batch and --seed', () => {
    expect(
      parseSeedOptions([
        '--entries',
        '5',
        '--state-url',
        'postgres://p@h/db',
        '--days',
        '7',
        '--batch',
        '10',
        '--seed',
        '3',
      ]),
    ).toEqual({
      entries: 5,
      stateUrl: 'postgres://p@h/db',
      days: 7,
      batch: 10,
      seed: 3,
    });
  });

  it.each([
    [['--out', 'a.db']],
    [['--entries', '10']],
    [['--entries', '10', '--out', 'a.db', '--state-url', 'sqlite::memory:']],
    [['--entries', '0', '--out', 'a.db']],
    [['--entries', '1.5', '--out', 'a.db']],
    [['--entries', '10', '--out']],
    [['--entries', '10', '--out', 'a.db', '--fast']],
  ])('rejects %j with the usage line', (argv) => {
    expect(() => parseSeedOptions(argv)).toThrow(/usage: npm run bench:seed/);
  });
});

describe('seedStateDatabase on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-seed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the entries through the migrations: sessions, traces of every query, feedback rating queries, held writes', async () => {
    const dataSource = await openStateDataSource(`sqlite://${path.join(dir, 'state.db')}`);
    try {
      const now = Date.parse('2026-06-30T00:00:00.000Z');
      const stats = await seedStateDatabase(dataSource, { entries: 3000, days: 10, batch: 700, seed: 7 }, now);
      const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
      expect(stats.historyEntries).toBe(3000);
      expect(await count('SELECT COUNT(*) AS n FROM history_entry')).toBe(3000);
      expect(await count(`SELECT COUNT(*) AS n FROM trace`)).toBe(stats.traces);
      expect(await count(`SELECT COUNT(*) AS n FROM history_entry WHERE kind = 'query'`)).toBe(stats.traces);
      expect(await count(`SELECT COUNT(*) AS n FROM history_entry WHERE kind = 'feedback'`)).toBe(stats.feedback);
      expect(stats.feedback).toBeGreaterThan(100);
      expect(stats.sessions).toBeGreaterThan(100);
      expect(await count('SELECT COUNT(*) AS n FROM pending_operation')).toBe(stats.pendingOperations);
      // every feedback rates an answered query of the same session and connection
      expect(
        await count(
          `SELECT COUNT(*) AS n FROM history_entry f JOIN history_entry q ON q.id = f.ref_id AND q.session_id = f.session_id AND q.connection_id = f.connection_id AND q.status = 'ok' WHERE f.kind = 'feedback'`,
        ),
      ).toBe(stats.feedback);
      // every query's trace exists; times span the last 10 days
      expect(
        await count(
          `SELECT COUNT(*) AS n FROM history_entry h LEFT JOIN trace t ON t.id = h.trace_id WHERE h.kind = 'query' AND t.id IS NULL`,
        ),
      ).toBe(0);
      expect(await dataSource.query('SELECT MIN(created_at) AS first FROM history_entry')).toEqual([
        { first: '2026-06-20T00:00:00.000Z' },
      ]);
      // the store reads it: few-shot examples of the default connection
      expect((await new TypeOrmStateStore(dataSource).listPositiveExamples('default', 3)).length).toBe(3);
    } finally {
      await dataSource.destroy();
    }
  });
});
