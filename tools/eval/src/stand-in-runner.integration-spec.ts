/**
 * Oracle and replay modes end to end on the shared evaluation data: real SQLite files, the real QueryPipeline and
 * checker, the real OpenAI client talking to the stand-in model server over HTTP in the four reply styles. The
 * oracle must answer every question whose gold SQL runs, each with one SQL-writing call; replayed predictions must
 * lose nothing that runs right on the database directly. Skips with a message when <repo>/../shared/eval
 * (<repo>/../shared/eval) is absent.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultEvalDir, loadEvalSet, spreadSample } from './eval-data';
import { isAnswerRequest, REPLY_STYLES, styleReply } from './stand-in-model';
import { readPredictions, runStandInSet } from './stand-in-runner';
import { parseEvalOptions } from './eval-options';
import { describeWith } from '@nlq/test-services';

const dataDir = defaultEvalDir();
const present = existsSync(dataDir);
if (!present) console.warn(`skipping oracle/replay integration tests: no evaluation data at ${dataDir}`);
const describeIfData = present ? describe : describe.skip;

describe('stand-in model replies and options', () => {
  it('writes the four reply styles', () => {
    expect(REPLY_STYLES).toEqual(['fenced', 'bare', 'chatty', 'think']);
    expect(styleReply('SELECT 1', 'fenced')).toBe('```sql\nSELECT 1\n```');
    expect(styleReply(' SELECT 1 ', 'bare')).toBe('SELECT 1');
    expect(styleReply('SELECT 1', 'chatty')).toMatch(/^Sure![\s\S]*```sql\nSELECT 1\n```\n\n\w/);
    expect(styleReply('SELECT 1', 'think')).toMatch(/^<think>[\s\S]*<\/think>\n\nSELECT 1$/);
    expect(isAnswerRequest({ user: 'Question: q\n\nResult: 1 row.' })).toBe(true);
    expect(isAnswerRequest({ user: 'Database schema (SQLite):\n...\nQuestion: q' })).toBe(false);
  });

  it('parses --mode and --predictions', () => {
    expect(parseEvalOptions(['--mode', 'oracle'])).toMatchObject({ mode: 'oracle', predictions: null });
    expect(parseEvalOptions(['--mode=replay', '--predictions', 'p.sql'])).toMatchObject({
      mode: 'replay',
      predictions: 'p.sql',
    });
    expect(parseEvalOptions([]).mode).toBe('model');
    expect(() => parseEvalOptions(['--mode', 'replay'])).toThrow(/needs --predictions/);
    expect(() => parseEvalOptions(['--predictions', 'p.sql'])).toThrow(/goes with --mode replay/);
    expect(() => parseEvalOptions(['--mode', 'gold'])).toThrow(/unknown mode/);
  });

  it('reads predictions one a line, dropping a Spider db_id column and the final newline', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nlq-pred-'));
    try {
      const file = path.join(dir, 'p.sql');
      writeFileSync(file, 'SELECT 1\tconcert_singer\n\nSELECT 2\n');
      expect(readPredictions(file)).toEqual(['SELECT 1', '', 'SELECT 2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeIfData('oracle and replay on the shared data', () => {
  it('oracle: every question whose gold SQL runs is answered right, with one SQL-writing call each (two when warned)', async () => {
    const sets = [
      { set: 'chinook', items: loadEvalSet('chinook', dataDir) },
      { set: 'geography', items: spreadSample(loadEvalSet('geography', dataDir), 40) },
      { set: 'restaurants', items: spreadSample(loadEvalSet('restaurants', dataDir), 20) },
      { set: 'defog', items: spreadSample(loadEvalSet('defog', dataDir), 22) },
    ];
    for (const { set, items } of sets) {
      const report = await runStandInSet(set, items, 'oracle');
      const lost = report.items
        .filter((o) => o.goldRuns && !o.correct)
        .map((o) => `${o.id}: ${o.error ?? 'wrong rows'}`);
      expect({ set, lost }).toEqual({ set, lost: [] });
      expect(report.correct).toBe(report.goldRuns);
      // the answer check writes a warned answer once more (the stand-in serves the same gold SQL again)
      expect(report.items.filter((o) => o.goldRuns).every((o) => o.sqlCalls === (o.warnings.length ? 2 : 1))).toBe(
        true,
      );
      expect(new Set(report.items.map((o) => o.style)).size).toBe(Math.min(4, items.length));
    }
  }, 600_000);

  it('replay: predictions that run right directly are right through nlq; wrong, broken and empty ones are not', async () => {
    const items = spreadSample(loadEvalSet('geography', dataDir), 24);
    // gold on one line (GeoQuery writes double-quoted literals), a wrong query, SQL that does not run, no answer
    const predictions = items.map((item, k) => {
      const gold = item.goldSql[0].replace(/\s+/g, ' ').trim();
      if (k % 6 === 1) return 'SELECT COUNT(*) FROM STATE';
      if (k % 6 === 3) return 'SELECT nothing FROM nowhere';
      if (k % 6 === 5) return '';
      return gold;
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'nlq-replay-'));
    try {
      const file = path.join(dir, 'predictions.sql');
      writeFileSync(file, `${predictions.join('\n')}\n`);
      const report = await runStandInSet('geography', items, 'replay', { predictions: readPredictions(file) });
      expect(report.questions).toBe(24);
      expect(report.lost).toBe(0);
      expect(report.correct).toBe(report.rightDirectly);
      expect(report.rightDirectly).toBeGreaterThanOrEqual(12);
      expect(report.repaired).toBeGreaterThan(0);
      for (const [k, o] of report.items.entries()) {
        if (k % 6 === 3 || k % 6 === 5) expect(o.correct).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('replay refuses a predictions list of the wrong length', async () => {
    const items = spreadSample(loadEvalSet('chinook', dataDir), 3);
    await expect(runStandInSet('chinook', items, 'replay', { predictions: ['SELECT 1'] })).rejects.toThrow(
      /one prediction per question: 1 predictions for 3/,
    );
  });
});

/** defog sql-eval's PostgreSQL questions over its dumps, loaded into throw-away databases of the local server. */
describeWith('postgresql')('oracle on PostgreSQL (defog-postgres)', () => {
  const run = present ? it : it.skip;
  run(
    'answers every question whose gold SQL runs, with one SQL-writing call each (two when warned), and drops its databases',
    async () => {
      const items = spreadSample(loadEvalSet('defog-postgres', dataDir), 22);
      const report = await runStandInSet('defog-postgres', items, 'oracle');
      const lost = report.items
        .filter((o) => o.goldRuns && !o.correct)
        .map((o) => `${o.id}: ${o.error ?? 'wrong rows'}`);
      expect(lost).toEqual([]);
      expect(report.goldRuns).toBe(22);
      expect(report.sqlCalls).toBe(22 + report.items.filter((o) => o.warnings.length > 0).length);
    },
    300_000,
  );
});
