import { rowsLabel, truncationNote } from './row-count';

describe('rowsLabel', () => {
  it('groups digits and says row for one', () => {
    expect(rowsLabel(1)).toBe('1 row');
    expect(rowsLabel(0)).toBe('0 rows');
    expect(rowsLabel(12)).toBe('12 rows');
    expect(rowsLabel(1000)).toBe('1,000 rows');
  });
});

describe('truncationNote', () => {
  it('states the real total of a cut result, or that more exist when it was not counted', () => {
    expect(truncationNote(1000, true, 2369)).toBe('Showing 1,000 of 2,369 rows');
    expect(truncationNote(1000, true, null)).toBe('Showing the first 1,000 rows; more exist');
    expect(truncationNote(1000, true, undefined)).toBe('Showing the first 1,000 rows; more exist');
  });
  it('says nothing for a whole result, and never a total that is not more than the rows shown', () => {
    expect(truncationNote(12, false, null)).toBeNull();
    expect(truncationNote(12, false, 40)).toBeNull();
    expect(truncationNote(1000, true, 1000)).toBe('Showing the first 1,000 rows; more exist');
  });
});
