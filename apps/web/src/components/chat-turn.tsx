import type {
  Benchmark,
  ChatResponse,
  ClarificationOption,
  Dialect,
  FeedbackSignal,
  HistoryEntry,
} from '@nlq/contracts';
import { lazy, Suspense } from 'react';
import { DataTable } from './data-table';
import { AddToBenchmark } from './add-to-benchmark';
import { ExportButtons } from './export-buttons';
import { SaveAnswer } from './save-answer';
import { SqlBlock } from './sql-block';
import { StageProgress, type StageState } from './stage-progress';
import { StatusBadge } from './status-badge';
import { AnswerWarnings } from './answer-warnings';
import { ThumbIcon } from './thumb-icon';
import { approvalSummary } from './approval-impact';
import { ApprovalRunNotice } from './approval-run-notice';
import { Link } from 'react-router-dom';
import { AnswerReading } from './answer-reading';
import { DefinitionsUsed } from './definitions-used';
import { ClarificationOptions, turnClarification } from './clarification-options';
import { rowsLabel, truncationNote } from '../lib/row-count';
import { refusedByPolicy } from '../lib/refusal';
import { TurnError } from './turn-error';

const ResultChart = lazy(() => import('./result-chart'));

/** One question of a conversation and everything that came back for it. */
export interface Turn {
  key: string;
  question: string;
  state: 'running' | 'done' | 'failed';
  stages: StageState[];
  /** The answer as streamed so far (answer.delta pieces of POST /api/chat/stream), shown while the turn runs. */
  partialAnswer?: string;
  /** Answer of POST /api/chat (absent for turns loaded from history or failed requests). */
  response?: ChatResponse;
  /** A turn loaded from GET /api/sessions/{id} (with the first page of its rows when it answered a read). */
  entry?: HistoryEntry;
  /** Wall time of the request as the page measured it, in milliseconds (for the folded stage line). */
  elapsedMs?: number;
  /** Request-level failure text (HTTP or network error). */
  error?: string;
  decision?: { status: 'approved' | 'rejected'; rows_affected?: number | null };
  deciding?: boolean;
  feedback?: FeedbackSignal;
  /** A turn that asked back: the id of the option the person chose here (its answer is the next turn). */
  chosenOption?: string;
}

export interface ChatTurnProps {
  turn: Turn;
  dialect: Dialect | null;
  /** Approve/reject buttons shown (the newest pending write of the session, not yet decided). */
  canDecide: boolean;
  /**
   * The caller's role may approve or reject writes (`approver` or stronger, docs/http-api.md "Roles and data
   * policies"); when false a pending write says it waits for an approver instead of offering the buttons.
   */
  mayDecide?: boolean;
  /** Thumbs shown: every answer of the session can be rated (feedback names this turn's history entry). */
  canRate: boolean;
  /** The options of a turn that asked back may be chosen (it is the session's latest turn and nothing runs). */
  canClarify?: boolean;
  onDecide(decision: 'approve' | 'reject'): void;
  onFeedback(signal: FeedbackSignal): void;
  /** An option of the turn's clarification was chosen. */
  onClarify?(option: ClarificationOption): void;
  /** Ask a question (a refusal's suggested rewording); absent: shown as text only. */
  onAsk?(question: string): void;
  /** True while another question runs (suggestions disabled). */
  busy?: boolean;
  /** Benchmarks of the connection: an answered read offers "Add to benchmark" (none: not offered). */
  benchmarks?: readonly Benchmark[];
}

/**
 * The status badge of a finished (or running) turn: running; approved or rejected once decided; clarification when
 * it asked back (not an error); pending_approval, check_this (an answer with warnings of the answer check, amber) or
 * ok for an answer; error for a failure; a stored turn's entry status (check_this for an ok entry with warnings);
 * error when nothing came back.
 */
export function turnStatus(turn: Pick<Turn, 'state' | 'decision' | 'response' | 'entry'>): string {
  const r = turn.response;
  if (turn.state === 'running') return 'running';
  if (turn.decision) return turn.decision.status;
  if (r) {
    if (r.clarification) return 'clarification';
    if (!r.success) return refusedByPolicy(r, undefined) ? 'refused' : 'error';
    if (r.pending_approval) return 'pending_approval';
    return r.warnings?.length ? 'check_this' : 'ok';
  }
  if (turn.entry?.status === 'ok' && turn.entry.warnings?.length) return 'check_this';
  return turn.entry?.status ?? 'error';
}

/**
 * A conversation turn: question, live stages, answer with how nlq read it, or the question asked back with its
 * options, formatted SQL, approval, table (with the real total when the row limit cut it), chart, feedback, export,
 * and "Add to benchmark" under an answered read.
 */
export function ChatTurn({
  turn,
  dialect,
  canDecide,
  mayDecide = true,
  canRate,
  canClarify = false,
  onDecide,
  onFeedback,
  onClarify,
  onAsk,
  busy = false,
  benchmarks = [],
}: ChatTurnProps) {
  const r = turn.response;
  const e = turn.entry;
  const sql = r?.sql || e?.sql || '';
  const error = turn.error ?? r?.error ?? e?.error ?? null;
  const clarification = turn.error ? null : turnClarification(r, e);
  // A failed answer repeats its error as the response text: show it once, as the error. A clarification's response
  // text restates its question and numbered options: the question and the buttons show them instead.
  const text = r?.response || e?.answer || '';
  const answer = text === error || clarification ? '' : text;
  const pending = r ? r.pending_approval : e?.status === 'pending_approval';
  const entryId = r?.history_entry_id ?? e?.id;
  const sessionId = r?.session_id ?? e?.session_id;
  const traceId = r?.trace_id ?? e?.trace_id;
  const status = turnStatus(turn);
  const footer = r ? truncationNote(r.row_count, r.truncated, r.total_rows) : null;
  const kept = !r && e?.status === 'ok' ? e.result : null;

  return (
    <article
      className="turn"
      data-testid="chat-turn"
      data-turn-key={turn.key}
      data-entry-id={entryId}
      data-state={turn.state}
      aria-busy={turn.state === 'running'}
    >
      <div className="question" data-testid="chat-question">
        {turn.question}
      </div>
      <div className="reply">
        <StageProgress stages={turn.stages} running={turn.state === 'running'} elapsedMs={turn.elapsedMs} />
        {turn.state === 'running' && turn.partialAnswer && (
          <p className="answer answer-streaming" data-testid="chat-answer-streaming">
            {turn.partialAnswer}
          </p>
        )}
        {turn.state !== 'running' && (
          <>
            <div className="reply-meta">
              <StatusBadge status={status} testId="chat-status" />
              {r?.cached && <span className="badge badge-neutral">cached</span>}
              {r?.kind && <span className="badge badge-neutral">{r.kind}</span>}
              {traceId && (
                <Link
                  to={`/traces/${encodeURIComponent(traceId)}`}
                  className="small-text"
                  data-testid="chat-trace-link"
                >
                  trace
                </Link>
              )}
            </div>
            {answer && (
              <p className="answer" data-testid="chat-answer">
                {answer}
              </p>
            )}
            {!error && !clarification && <AnswerWarnings warnings={r ? r.warnings : e?.warnings} />}
            {!error && !clarification && <AnswerReading reading={r ? r.reading : e?.reading} />}
            {!error && !clarification && <DefinitionsUsed knowledge={r?.knowledge} />}
            {clarification && (
              <ClarificationOptions
                clarification={clarification}
                chosen={turn.chosenOption}
                disabled={!canClarify || turn.chosenOption !== undefined || !onClarify}
                onChoose={(option) => onClarify?.(option)}
              />
            )}
            {error && <TurnError error={error} byPolicy={refusedByPolicy(r, e)} onAsk={onAsk} disabled={busy} />}
            {sql && <SqlBlock sql={sql} dialect={dialect} />}
            {r && r.repairs?.length > 0 && (
              <p className="muted small-text" data-testid="sql-repairs">
                Repaired before running: {r.repairs.map((x) => `${x.from} → ${x.to}`).join(', ')}
              </p>
            )}
            {pending && !turn.decision && (
              <div className="approval" role="group" aria-label="Approval" data-testid="approval">
                {canDecide && !mayDecide ? (
                  <span className="muted" data-testid="approval-waits">
                    Waiting for a person with the approver role to approve or reject this write.
                  </span>
                ) : canDecide ? (
                  <>
                    <ApprovalRunNotice sessionId={sessionId} entryId={entryId} />
                    <span data-testid="approval-impact">
                      {approvalSummary(r ? r.estimated_rows : e?.estimated_rows, r?.kind)}
                    </span>
                    <button
                      type="button"
                      disabled={turn.deciding}
                      onClick={() => onDecide('approve')}
                      data-testid="approve"
                    >
                      Approve and run
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={turn.deciding}
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
            )}
            {turn.decision && (
              <p className={`outcome outcome-${turn.decision.status}`} role="status" data-testid="approval-outcome">
                {turn.decision.status === 'approved'
                  ? `Approved and executed: ${turn.decision.rows_affected ?? 0} row${turn.decision.rows_affected === 1 ? '' : 's'} affected.`
                  : 'Rejected: nothing was run.'}
              </p>
            )}
            {r && r.columns.length > 0 && !r.pending_approval && (
              <>
                {r.chart && (
                  <Suspense fallback={<p className="muted">Loading chart…</p>}>
                    <ResultChart columns={r.columns} rows={r.rows} chart={r.chart} />
                  </Suspense>
                )}
                <DataTable
                  columns={r.columns}
                  rows={r.rows}
                  caption={rowsLabel(r.row_count)}
                  footer={footer && `${footer}. Export for more.`}
                />
              </>
            )}
            {kept && kept.columns.length > 0 && (
              <>
                {kept.chart && (
                  <Suspense fallback={<p className="muted">Loading chart…</p>}>
                    <ResultChart columns={kept.columns} rows={kept.rows} chart={kept.chart} />
                  </Suspense>
                )}
                <DataTable
                  columns={kept.columns}
                  rows={kept.rows}
                  caption={rowsLabel(e?.row_count ?? kept.rows.length)}
                  footer={
                    kept.more
                      ? `The first ${kept.rows.length.toLocaleString('en-US')} rows are kept with the session. Export to run the query again for all of them.`
                      : null
                  }
                />
              </>
            )}
            {e && !r && !kept && e.status === 'ok' && e.row_count !== null && (
              <p className="muted small-text">{e.row_count} rows (not kept in history; export to see them)</p>
            )}
            <div className="turn-actions">
              {canRate && !clarification && (
                <span className="feedback" role="group" aria-label="Rate this answer">
                  <button
                    type="button"
                    className={`secondary small ${turn.feedback === 'positive' ? 'pressed' : ''}`}
                    aria-pressed={turn.feedback === 'positive'}
                    onClick={() => onFeedback('positive')}
                    data-testid="feedback-up"
                  >
                    <ThumbIcon /> Good
                  </button>
                  <button
                    type="button"
                    className={`secondary small ${turn.feedback === 'negative' ? 'pressed' : ''}`}
                    aria-pressed={turn.feedback === 'negative'}
                    onClick={() => onFeedback('negative')}
                    data-testid="feedback-down"
                  >
                    <ThumbIcon down /> Bad
                  </button>
                  {turn.feedback && (
                    <span className="muted small-text" role="status" data-testid="feedback-saved">
                      {turn.feedback === 'positive' ? 'Marked good' : 'Marked bad'}
                    </span>
                  )}
                </span>
              )}
              {entryId && sql && !pending && (r ? r.success && r.columns.length > 0 : e?.status === 'ok') && (
                <ExportButtons entryId={entryId} />
              )}
              {entryId && sessionId && sql && !pending && (r ? r.success : e?.status === 'ok') && (
                <AddToBenchmark benchmarks={benchmarks} source={{ session_id: sessionId, entry_id: entryId }} />
              )}
              {entryId && sessionId && sql && !pending && (r ? r.success : e?.status === 'ok') && (
                <SaveAnswer sessionId={sessionId} entryId={entryId} question={turn.question} />
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}
