import { HISTORY_LIST_RESULT_MAX_BYTES, HISTORY_LIST_RESULT_MAX_ROWS, type HistoryEntry } from '@nlq/contracts';
import { keptResult } from '@nlq/pipeline';

/**
 * An entry as a history list answers it: its kept result cut to HISTORY_LIST_RESULT_MAX_ROWS rows and
 * HISTORY_LIST_RESULT_MAX_BYTES of JSON (keptResult's rule: whole rows, `more` true when any was left out), so a
 * page's size is bounded by its `limit` (docs/http-api.md "Sessions").
 */
export function historyListEntry(entry: HistoryEntry): HistoryEntry {
  if (!entry.result) return entry;
  const { columns, rows, more } = entry.result;
  return {
    ...entry,
    result: keptResult({ columns, rows, truncated: more }, HISTORY_LIST_RESULT_MAX_ROWS, HISTORY_LIST_RESULT_MAX_BYTES),
  };
}
