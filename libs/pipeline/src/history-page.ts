import type { HistoryEntry } from '@nlq/contracts';
import { InvalidHistoryCursorError, type HistoryPage, type HistoryPageRequest } from './ports';

/**
 * A page of a session's whole history (oldest first), for stores without a keyset read (StateStore.historyPage):
 * the newest `limit` entries before the cursor, the cursor being the index of the first entry of the previous page
 * (decimal). Same order and cursor walk as the TypeORM store's keyset read, with the entry position for its seq.
 * @throws InvalidHistoryCursorError for a cursor that is not such an index
 */
export function pageOfHistory(all: readonly HistoryEntry[], page: HistoryPageRequest): HistoryPage {
  const end = page.cursor === null || page.cursor === undefined ? all.length : cursorIndex(page.cursor, all.length);
  const start = Math.max(0, end - Math.max(1, Math.floor(page.limit)));
  return {
    entries: all.slice(start, end).map((e) => (page.omitResults && e.result ? { ...e, result: undefined } : e)),
    nextCursor: start > 0 ? String(start) : null,
  };
}

function cursorIndex(cursor: string, length: number): number {
  if (!/^\d{1,15}$/.test(cursor)) throw new InvalidHistoryCursorError(cursor);
  return Math.min(Number(cursor), length);
}
