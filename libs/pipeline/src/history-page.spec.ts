import type { HistoryEntry } from '@nlq/contracts';
import { pageOfHistory } from './history-page';
import { InvalidHistoryCursorError } from './ports';

const entries = Array.from(
  { length: 7 },
  (_, i) => ({ id: `e${i}`, result: { columns: ['n'], rows: [[i]], more: false } }) as unknown as HistoryEntry,
);

describe('pageOfHistory', () => {
  it('pages from the newest entries back, each page oldest first, until next_cursor is null', () => {
    const first = pageOfHistory(entries, { limit: 3 });
    expect(first.entries.map((e) => e.id)).toEqual(['e4', 'e5', 'e6']);
    const second = pageOfHistory(entries, { limit: 3, cursor: first.nextCursor });
    expect(second.entries.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    const last = pageOfHistory(entries, { limit: 3, cursor: second.nextCursor });
    expect(last).toMatchObject({ entries: [expect.objectContaining({ id: 'e0' })], nextCursor: null });
  });

  it('leaves kept rows out on request and refuses a cursor it did not issue', () => {
    expect(pageOfHistory(entries, { limit: 1, omitResults: true }).entries[0].result).toBeUndefined();
    expect(() => pageOfHistory(entries, { limit: 1, cursor: 'x' })).toThrow(InvalidHistoryCursorError);
  });
});
