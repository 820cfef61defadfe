/**
 * A held write's trace follows the decision through the real pipeline on every engine of the
 * machine: a run cut short by a stopped replica (its lease ran out) marks the trace failed with the reason, and
 * approving the write again afterwards marks it approved with the error cleared.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { describeEachWith } from '@nlq/test-services';
import { scriptedPipeline } from '../testing/scripted-pipeline';
import { INTERRUPTED_APPROVAL_ERROR } from './approval-flow';

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('a held write trace follows its decision on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE parts (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL)',
    "INSERT INTO parts (id, name) VALUES (1, 'bolt'), (2, 'nut')",
  ]);

  it('an interrupted run marks the trace failed; approving again marks it approved', async () => {
    const { pipeline, store } = scriptedPipeline({
      driver: scratch.driver,
      sql: 'DELETE FROM parts WHERE id = 1',
      connectionId: engine.name,
      config: { mode: 'admin' },
    });
    const asked = await pipeline.ask({ question: 'remove the bolt', sessionId: 's', userId: 'u' });
    expect(asked).toMatchObject({ success: true, pendingApproval: true });
    expect((await store.getTrace(asked.traceId))?.status).toBe('pending_approval');

    // another replica claimed the write and stopped mid-run: its lease ended in the past
    const claimed = await store.claimPending('s', 'executing', 'u', {
      executor: 'stopped-replica',
      leaseUntil: new Date(Date.now() - 1000).toISOString(),
    });
    expect(claimed).not.toBeNull();
    expect(await pipeline.recoverInterruptedApprovals()).toBe(1);
    expect(await store.getTrace(asked.traceId)).toMatchObject({
      status: 'failed',
      error: INTERRUPTED_APPROVAL_ERROR,
    });

    expect(await pipeline.approve('s', 'u')).toMatchObject({ rowsAffected: 1 });
    expect(await store.getTrace(asked.traceId)).toMatchObject({ status: 'approved', error: null });
  });
});
