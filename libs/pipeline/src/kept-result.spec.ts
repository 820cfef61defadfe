import { HISTORY_RESULT_MAX_BYTES, HISTORY_RESULT_MAX_ROWS } from '@nlq/contracts';
import { keptResult } from './kept-result';

describe('keptResult', () => {
  const rows = (n: number, width = 1) => Array.from({ length: n }, (_, i) => [i, 'x'.repeat(width)]);

  it('keeps every row of a small result', () => {
    expect(keptResult({ columns: ['id', 'name'], rows: rows(3), truncated: false })).toEqual({
      columns: ['id', 'name'],
      rows: rows(3),
      more: false,
    });
  });

  it('keeps the first 100 rows and says more existed', () => {
    const kept = keptResult({ columns: ['id', 'name'], rows: rows(250), truncated: false });
    expect(kept.rows).toEqual(rows(HISTORY_RESULT_MAX_ROWS));
    expect(kept.more).toBe(true);
  });

  it('keeps fewer wide rows, within the byte cap, and none of a single row over it', () => {
    const wide = keptResult({ columns: ['id', 'text'], rows: rows(100, 2000), truncated: false });
    expect(wide.rows.length).toBeLessThan(HISTORY_RESULT_MAX_ROWS);
    expect(wide.rows.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(JSON.stringify(wide))).toBeLessThanOrEqual(HISTORY_RESULT_MAX_BYTES);
    expect(wide.more).toBe(true);
    expect(keptResult({ columns: ['id', 'text'], rows: rows(1, HISTORY_RESULT_MAX_BYTES), truncated: false })).toEqual({
      columns: ['id', 'text'],
      rows: [],
      more: true,
    });
  });

  it('says more existed when the row limit had cut the result already', () => {
    expect(keptResult({ columns: ['id', 'name'], rows: rows(5), truncated: true }).more).toBe(true);
  });
});
