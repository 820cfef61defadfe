import { exportNotice } from './export-notice';

describe('exportNotice', () => {
  it('says how many rows the file holds, and when the export limit cut it', () => {
    expect(exportNotice('csv', 4200, false)).toBe('Wrote 4,200 rows to CSV.');
    expect(exportNotice('json', 1, false)).toBe('Wrote 1 row to JSON.');
    expect(exportNotice('csv', 100000, true)).toBe('Wrote 100,000 rows to CSV; the export limit stopped it there.');
    expect(exportNotice('csv', undefined, false)).toBeNull();
  });
});
