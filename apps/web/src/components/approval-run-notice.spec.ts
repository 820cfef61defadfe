import type { HistoryEntry } from '@nlq/contracts';
import { latestApprovalRun } from './approval-run-notice';

const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'x',
  kind: 'approval',
  session_id: 's',
  user_id: 'u',
  question: null,
  sql: null,
  answer: null,
  status: 'ok',
  error: null,
  row_count: null,
  rows_affected: null,
  signal: null,
  rlhf_signal: null,
  trace_id: null,
  ref_id: 'q1',
  created_at: '',
  ...fields,
});

describe('latestApprovalRun', () => {
  it('says an interrupted run failed and may be approved again, until a later run approved it', () => {
    const interrupted = entry({
      status: 'interrupted',
      error: 'interrupted: the service stopped while the statement ran; the database rolled it back',
    });
    expect(
      latestApprovalRun(
        [entry({ kind: 'query', id: 'q1', ref_id: null, status: 'pending_approval' }), interrupted],
        'q1',
      ),
    ).toEqual({
      state: 'failed',
      error: interrupted.error,
      interrupted: true,
    });
    expect(latestApprovalRun([interrupted, entry({ status: 'approved', rows_affected: 1 })], 'q1')).toBeNull();
    expect(latestApprovalRun([entry({ status: 'error', error: 'UNIQUE constraint failed' })], 'q1')).toMatchObject({
      state: 'failed',
      interrupted: false,
    });
    expect(latestApprovalRun([interrupted], 'other')).toBeNull();
  });
});
