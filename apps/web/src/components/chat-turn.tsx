import type {
  Benchmark,
  ChatResponse,
  Clarification,
  ClarificationOption,
  Dialect,
  FeedbackSignal,
  HistoryEntry,
} from '@nlq/contracts';
import { Link } from 'react-router-dom';
import { SqlBlock } from './sql-block';
import { StageProgress, type StageState } from './stage-progress';
import { StatusBadge } from './status-badge';
import { AnswerWarnings } from './answer-warnings';
import { AnswerReading } from './answer-reading';
import { DefinitionsUsed } from './definitions-used';
import { ClarificationOptions, turnClarification } from './clarification-options';
import { refusedByPolicy } from '../lib/refusal';
import { TurnError } from './turn-error';
import { ApprovalOutcome, TurnApproval } from './turn-approval';
import { TurnResult } from './turn-result';
import { TurnActions } from './turn-actions';

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

/** What a turn shows, derived from its live answer (`response`) or its stored history entry (`entry`). */
interface TurnView {
  sql: string;
  /** The failure text shown once (TurnError), or null. */
  error: string | null;
  /** The question asked back, or null. */
  clarification: Clarification | null;
  /** The answer text; '' when it only repeats the error or restates the clarification. */
  answer: string;
  /** A write waiting for approval. */
  pending: boolean;
  entryId?: string;
  sessionId?: string;
  traceId?: string | null;
}

/**
 * The view of `turn`. A failed answer repeats its error as the response text: it is shown once, as the error. A
 * clarification's response text restates its question and numbered options: the question and the buttons show them.
 */
function turnView(turn: Turn): TurnView {
  const r = turn.response;
  const e = turn.entry;
  const error = turn.error ?? r?.error ?? e?.error ?? null;
  const clarification = turn.error ? null : turnClarification(r, e);
  const text = r?.response || e?.answer || '';
  return {
    sql: r?.sql || e?.sql || '',
    error,
    clarification,
    answer: text === error || clarification ? '' : text,
    pending: r ? r.pending_approval : e?.status === 'pending_approval',
    entryId: r?.history_entry_id ?? e?.id,
    sessionId: r?.session_id ?? e?.session_id,
    traceId: r?.trace_id ?? e?.trace_id,
  };
}

/**
 * A conversation turn: question, live stages, answer with how nlq read it, or the question asked back with its
 * options, formatted SQL, approval, table (with the real total when the row limit cut it), chart, feedback, export,
 * and "Add to benchmark" under an answered read.
 */
export function ChatTurn(props: ChatTurnProps) {
  const { turn } = props;
  const view = turnView(turn);
  return (
    <article
      className="turn"
      data-testid="chat-turn"
      data-turn-key={turn.key}
      data-entry-id={view.entryId}
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
        {turn.state !== 'running' && <TurnReply {...props} view={view} />}
      </div>
    </article>
  );
}

/**
 * The reply of a finished turn: status line, answer and how nlq read it (or the question asked back with its
 * options, or the error), SQL with its repairs, approval or its outcome, the rows, and the actions under them.
 */
function TurnReply({
  turn,
  view,
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
}: ChatTurnProps & { view: TurnView }) {
  const { response: r, entry: e } = turn;
  const { sql, error, clarification, pending, entryId, sessionId } = view;
  return (
    <>
      <TurnMeta status={turnStatus(turn)} response={r} traceId={view.traceId} />
      {view.answer && (
        <p className="answer" data-testid="chat-answer">
          {view.answer}
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
        <TurnApproval
          response={r}
          entry={e}
          sessionId={sessionId}
          entryId={entryId}
          canDecide={canDecide}
          mayDecide={mayDecide}
          deciding={turn.deciding}
          onDecide={onDecide}
        />
      )}
      {turn.decision && <ApprovalOutcome decision={turn.decision} />}
      <TurnResult response={r} entry={e} />
      <TurnActions
        question={turn.question}
        response={r}
        entry={e}
        entryId={entryId}
        sessionId={sessionId}
        sql={sql}
        pending={pending}
        rateable={canRate && !clarification}
        feedback={turn.feedback}
        onFeedback={onFeedback}
        benchmarks={benchmarks}
      />
    </>
  );
}

/** The status line of a finished turn: its status badge, "cached", the statement kind and a link to its trace. */
function TurnMeta({
  status,
  response: r,
  traceId,
}: {
  status: string;
  response?: ChatResponse;
  traceId?: string | null;
}) {
  return (
    <div className="reply-meta">
      <StatusBadge status={status} testId="chat-status" />
      {r?.cached && <span className="badge badge-neutral">cached</span>}
      {r?.kind && <span className="badge badge-neutral">{r.kind}</span>}
      {traceId && (
        <Link to={`/traces/${encodeURIComponent(traceId)}`} className="small-text" data-testid="chat-trace-link">
          trace
        </Link>
      )}
    </div>
  );
}
