import type { FeedbackSignal, HistoryEntry } from '@nlq/contracts';
import type { ExampleCurator } from '../examples/example-curator';
import { RECENT_HISTORY_ENTRIES, type AuditLogger, type StateStore } from '../ports';
import { historyEntry } from '../stages/record';
import { feedbackTarget } from './feedback-target';

/** What a {@link FeedbackRecorder} writes to and tells. */
export interface FeedbackRecorderDeps {
  store: StateStore;
  audit: AuditLogger;
  examples: ExampleCurator;
  clock: () => number;
}

/**
 * Feedback on answers (docs/http-api.md "Contract: query adapter" POST /feedback/{session_id}; POST /api/sessions/{id}/feedback with
 * `entry_id`): a `feedback` history entry pointing at the rated query, an audit line, and the verified-example
 * lifecycle that follows a rating (examples/example-curator.ts).
 */
export class FeedbackRecorder {
  constructor(private readonly deps: FeedbackRecorderDeps) {}

  /**
   * Save feedback on one query entry of the session (`ref_id` points at it; question and SQL are copied): the entry
   * `entryId` names, else the session's latest query. A thumbs-up on an answered read makes a candidate example of
   * that entry's question and SQL, never a few-shot example by itself; a thumbs-down sends the verified examples that
   * entry used back to candidate. Resolves with the stored `feedback` entry.
   * @throws FeedbackTargetError reason `not_found` when `entryId` is not an entry of the session (HTTP 404),
   *   `not_an_answer` when it is not an answer: a feedback, approval or rejection entry, or a question asked back (400)
   */
  async record(sessionId: string, userId: string, signal: FeedbackSignal, entryId?: string): Promise<HistoryEntry> {
    const { store, audit, examples, clock } = this.deps;
    const rated =
      entryId === undefined
        ? await this.latestQuery(sessionId)
        : feedbackTarget(sessionId, entryId, await store.listHistory(sessionId, { omitResults: true }));
    const entry = historyEntry(
      {
        kind: 'feedback',
        session_id: sessionId,
        user_id: userId,
        status: 'ok',
        signal,
        question: rated?.question ?? null,
        sql: rated?.sql ?? null,
        trace_id: rated?.trace_id ?? null,
        ref_id: rated?.id ?? null,
        connection_id: rated?.connection_id ?? null,
      },
      clock(),
    );
    await store.appendHistory(entry);
    audit.audit('feedback', { userId, sessionId, signal, refId: entry.ref_id });
    await examples.afterFeedback(entry, rated);
    return entry;
  }

  /** The session's latest query entry, or null: the newest entries almost always hold it, the whole history only when they do not. */
  private async latestQuery(sessionId: string): Promise<HistoryEntry | null> {
    const latest = (entries: HistoryEntry[]) => [...entries].reverse().find((e) => e.kind === 'query') ?? null;
    const { store } = this.deps;
    return (
      latest(await store.listHistory(sessionId, { newest: RECENT_HISTORY_ENTRIES, omitResults: true })) ??
      latest(await store.listHistory(sessionId, { omitResults: true }))
    );
  }
}
