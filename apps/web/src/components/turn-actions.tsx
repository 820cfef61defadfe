import type { Benchmark, ChatResponse, FeedbackSignal, HistoryEntry } from '@nlq/contracts';
import { AddToBenchmark } from './add-to-benchmark';
import { ExportButtons } from './export-buttons';
import { SaveAnswer } from './save-answer';
import { ThumbIcon } from './thumb-icon';

export interface TurnActionsProps {
  question: string;
  response?: ChatResponse;
  entry?: HistoryEntry;
  entryId?: string;
  sessionId?: string;
  sql: string;
  /** The turn is a write waiting for approval (nothing to export or save yet). */
  pending: boolean;
  /** Thumbs are shown (a rateable answer that did not ask back). */
  rateable: boolean;
  feedback?: FeedbackSignal;
  onFeedback(signal: FeedbackSignal): void;
  benchmarks: readonly Benchmark[];
}

/**
 * The actions under an answer: thumbs up/down, CSV export of an answered read, "Add to benchmark" and "Save answer"
 * for an answer that ran (a live answer that succeeded, or a stored entry with status ok).
 */
export function TurnActions(props: TurnActionsProps) {
  const { response: r, entry: e, entryId, sessionId, sql, pending } = props;
  const ran = !!entryId && !!sql && !pending && (r ? r.success : e?.status === 'ok');
  return (
    <div className="turn-actions">
      {props.rateable && <TurnFeedback feedback={props.feedback} onFeedback={props.onFeedback} />}
      {entryId && sql && !pending && (r ? r.success && r.columns.length > 0 : e?.status === 'ok') && (
        <ExportButtons entryId={entryId} />
      )}
      {ran && sessionId && (
        <AddToBenchmark benchmarks={props.benchmarks} source={{ session_id: sessionId, entry_id: entryId }} />
      )}
      {ran && sessionId && <SaveAnswer sessionId={sessionId} entryId={entryId} question={props.question} />}
    </div>
  );
}

/** Thumbs up and down for an answer, the pressed one marked, and a note once it is rated. */
function TurnFeedback({
  feedback,
  onFeedback,
}: {
  feedback?: FeedbackSignal;
  onFeedback(signal: FeedbackSignal): void;
}) {
  return (
    <span className="feedback" role="group" aria-label="Rate this answer">
      <button
        type="button"
        className={`secondary small ${feedback === 'positive' ? 'pressed' : ''}`}
        aria-pressed={feedback === 'positive'}
        onClick={() => onFeedback('positive')}
        data-testid="feedback-up"
      >
        <ThumbIcon /> Good
      </button>
      <button
        type="button"
        className={`secondary small ${feedback === 'negative' ? 'pressed' : ''}`}
        aria-pressed={feedback === 'negative'}
        onClick={() => onFeedback('negative')}
        data-testid="feedback-down"
      >
        <ThumbIcon down /> Bad
      </button>
      {feedback && (
        <span className="muted small-text" role="status" data-testid="feedback-saved">
          {feedback === 'positive' ? 'Marked good' : 'Marked bad'}
        </span>
      )}
    </span>
  );
}
