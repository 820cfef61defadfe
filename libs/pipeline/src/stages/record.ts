import type { HistoryEntry, HistoryEntryKind } from '@nlq/contracts';
import { recordId } from '../record-id';

/**
 * Pipeline step 12 (docs/architecture.md): build one history entry with every field set (null when not applicable), a new
 * time-ordered UUID id (recordId) and an ISO-8601 `created_at`.
 */
export function historyEntry(
  fields: Partial<HistoryEntry> & { kind: HistoryEntryKind; session_id: string; user_id: string; status: string },
  now: number,
): HistoryEntry {
  return {
    id: recordId(),
    question: null,
    sql: null,
    answer: null,
    error: null,
    row_count: null,
    rows_affected: null,
    signal: null,
    rlhf_signal: null,
    trace_id: null,
    ref_id: null,
    connection_id: null,
    created_at: new Date(now).toISOString(),
    ...fields,
  };
}
