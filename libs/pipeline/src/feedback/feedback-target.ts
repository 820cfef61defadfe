import type { HistoryEntry } from '@nlq/contracts';

/**
 * Why a history entry cannot be rated: `not_found` when it is not an entry of the session (HTTP 404),
 * `not_an_answer` when it is one but not a query that was answered or failed (HTTP 400): a feedback, approval or
 * rejection entry, or a question that was asked back.
 */
export class FeedbackTargetError extends Error {
  constructor(
    readonly reason: 'not_found' | 'not_an_answer',
    message: string,
  ) {
    super(message);
    this.name = 'FeedbackTargetError';
  }
}

/**
 * The query entry `entryId` of the session's `history` that feedback rates.
 * @throws FeedbackTargetError when the id names no entry of the session or an entry that is not an answer
 */
export function feedbackTarget(sessionId: string, entryId: string, history: readonly HistoryEntry[]): HistoryEntry {
  const entry = history.find((e) => e.id === entryId && e.session_id === sessionId);
  if (!entry)
    throw new FeedbackTargetError('not_found', `History entry "${entryId}" not found in session "${sessionId}".`);
  if (entry.kind !== 'query' || entry.status === 'clarification') {
    throw new FeedbackTargetError(
      'not_an_answer',
      `History entry "${entryId}" is ${entry.kind === 'query' ? 'a question that was asked back' : `a ${entry.kind} entry`}, not an answer to rate.`,
    );
  }
  return entry;
}
