/**
 * A held write's trace follows the decision (issue 24 item 6) through the real pipeline on a real SQLite file: a run
 * cut short by a stopped replica (its lease ran out) marks the trace failed with the reason, and approving the write
 * again afterwards marks it approved with the error cleared.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { scriptedPipeline } from '../testing/scripted-pipeline';
import { INTERRUPTED_APPROVAL_ERROR } from './approval-flow';

describe('a held write trace follows its decision (issue 24 item 6)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nlq-approval-trace-'));
  const file = join(dir, 'parts.db');
  let driver: DatabaseDriver;

  beforeAll(async () => {
    const db = new Database(file);
    db.exec("CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO parts VALUES (1, 'bolt'), (2, 'nut');");
    db.close();
    driver = createDriver(`sqlite://${file}`);
    await driver.connect();
  });
  afterAll(async () => {
    await driver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an interrupted run marks the trace failed; approving again marks it approved', async () => {
    const { pipeline, store } = scriptedPipeline({ driver, sql: 'DELETE FROM parts WHERE id = 1', config: { mode: 'admin' } });
    const asked = await pipeline.ask({ question: 'remove the bolt', sessionId: 's', userId: 'u' });
    expect(asked).toMatchObject({ success: true, pendingApproval: true });
    expect((await store.getTrace(asked.traceId))?.status).toBe('pending_approval');

    // another replica claimed the write and stopped mid-run: its lease ended in the past
    const claimed = await store.claimPending('s', 'executing', 'u', { executor: 'stopped-replica', leaseUntil: new Date(Date.now() - 1000).toISOString() });
    expect(claimed).not.toBeNull();
    expect(await pipeline.recoverInterruptedApprovals()).toBe(1);
    expect(await store.getTrace(asked.traceId)).toMatchObject({ status: 'failed', error: INTERRUPTED_APPROVAL_ERROR });

    expect(await pipeline.approve('s', 'u')).toMatchObject({ rowsAffected: 1 });
    expect(await store.getTrace(asked.traceId)).toMatchObject({ status: 'approved', error: null });
  });
});
