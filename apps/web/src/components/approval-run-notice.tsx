import type { HistoryEntry, LiveEvent } from '@nlq/contracts';
import { useEffect, useState } from 'react';
import { useApi } from './api-provider';

/** What the latest run of a held write says: running now, or failed (interrupted or refused) and approvable again. */
export type ApprovalRun = { state: 'executing' } | { state: 'failed'; error: string; interrupted: boolean } | null;

/**
 * The latest run of the held write `entryId` of session `sessionId` from its history: an `approval` entry with
 * status `interrupted` or `error` after which nothing approved it means it failed and may be approved again
 * (docs/architecture.md "Approval"); null otherwise.
 */
export function latestApprovalRun(history: HistoryEntry[], entryId: string): ApprovalRun {
  const runs = history.filter((e) => e.kind === 'approval' && e.ref_id === entryId);
  const last = runs[runs.length - 1];
  if (!last || last.status === 'approved') return null;
  return {
    state: 'failed',
    error: last.error ?? 'the approved write failed',
    interrupted: last.status === 'interrupted',
  };
}

/**
 * Shown with a pending write: "running" while an approval executes, or why its last run failed ("interrupted: the
 * service stopped while the statement ran; the database rolled it back") with the note that it may be approved
 * again. Reads the session's history once, then follows approval.executing / approval.failed / approval.approved on
 * /ws/live.
 */
export function ApprovalRunNotice({
  sessionId,
  entryId,
}: {
  sessionId: string | undefined;
  entryId: string | undefined;
}) {
  const { client, live } = useApi();
  const [run, setRun] = useState<ApprovalRun>(null);

  useEffect(() => {
    if (!sessionId || !entryId) return;
    let alive = true;
    client
      .session(sessionId)
      .then((d) => alive && setRun(latestApprovalRun(d.history, entryId)))
      .catch(() => undefined);
    const unsubscribe = live.subscribe((ev: LiveEvent) => {
      if (ev.sessionId !== sessionId) return;
      if (ev.type === 'approval.executing') setRun({ state: 'executing' });
      else if (ev.type === 'approval.failed')
        setRun({
          state: 'failed',
          error: String(ev.data.error ?? 'failed'),
          interrupted: ev.data.interrupted === true,
        });
      else if (ev.type === 'approval.approved' || ev.type === 'approval.rejected') setRun(null);
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [client, live, sessionId, entryId]);

  if (!run) return null;
  if (run.state === 'executing') {
    return (
      <p className="muted" role="status" data-testid="approval-run">
        Approved: the statement is running.
      </p>
    );
  }
  return (
    <p className="error-text" role="status" data-testid="approval-run">
      {run.interrupted ? 'The approved run was interrupted' : 'The approved run failed'}: {run.error}. It may be
      approved again.
    </p>
  );
}
