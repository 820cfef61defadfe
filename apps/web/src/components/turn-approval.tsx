import type { ChatResponse, HistoryEntry } from '@nlq/contracts';
import { approvalSummary } from './approval-impact';
import { ApprovalRunNotice } from './approval-run-notice';

export interface TurnApprovalProps {
  /** The turn's answer (absent for a turn loaded from history). */
  response?: ChatResponse;
  /** The turn's history entry (a turn loaded from GET /api/sessions/{id}). */
  entry?: HistoryEntry;
  sessionId?: string;
  entryId?: string;
  /** The buttons are offered: the newest pending write of the session, not yet decided. */
  canDecide: boolean;
  /** The caller's role may approve or reject writes (docs/http-api.md "Roles and data policies"). */
  mayDecide: boolean;
  /** A decision is being sent (buttons disabled). */
  deciding?: boolean;
  onDecide(decision: 'approve' | 'reject'): void;
}

/**
 * The approval of a pending write (docs/architecture.md "Approval"): its estimated impact with "Approve and run" and
 * "Reject", a note that it waits for an approver when the caller's role may not decide, or a note that it was
 * superseded when it is not the newest pending write.
 */
export function TurnApproval(props: TurnApprovalProps) {
  const { response: r, entry: e, canDecide, mayDecide, deciding, onDecide } = props;
  return (
    <div className="approval" role="group" aria-label="Approval" data-testid="approval">
      {canDecide && !mayDecide ? (
        <span className="muted" data-testid="approval-waits">
          Waiting for a person with the approver role to approve or reject this write.
        </span>
      ) : canDecide ? (
        <>
          <ApprovalRunNotice sessionId={props.sessionId} entryId={props.entryId} />
          <span data-testid="approval-impact">
            {approvalSummary(r ? r.estimated_rows : e?.estimated_rows, r?.kind)}
          </span>
          <button type="button" disabled={deciding} onClick={() => onDecide('approve')} data-testid="approve">
            Approve and run
          </button>
          <button
            type="button"
            className="danger"
            disabled={deciding}
            onClick={() => onDecide('reject')}
            data-testid="reject"
          >
            Reject
          </button>
        </>
      ) : (
        <span className="muted">Superseded by a newer pending statement or decided elsewhere.</span>
      )}
    </div>
  );
}

/** The outcome of a decided write: approved and executed with the rows it affected, or rejected with nothing run. */
export function ApprovalOutcome({
  decision,
}: {
  decision: { status: 'approved' | 'rejected'; rows_affected?: number | null };
}) {
  return (
    <p className={`outcome outcome-${decision.status}`} role="status" data-testid="approval-outcome">
      {decision.status === 'approved'
        ? `Approved and executed: ${decision.rows_affected ?? 0} row${decision.rows_affected === 1 ? '' : 's'} affected.`
        : 'Rejected: nothing was run.'}
    </p>
  );
}
