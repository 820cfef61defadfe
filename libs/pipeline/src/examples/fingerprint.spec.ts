import { fingerprintDifference, ordersRows, resultFingerprint } from './fingerprint';

describe('result fingerprint', () => {
  it('ignores row order unless the SQL orders its rows', () => {
    const a = resultFingerprint('SELECT a FROM t', { columns: ['a'], rows: [[1], [2]] });
    const b = resultFingerprint('SELECT a FROM t', { columns: ['a'], rows: [[2], [1]] });
    expect(a).toEqual(b);
    const c = resultFingerprint('SELECT a FROM t ORDER BY a', { columns: ['a'], rows: [[1], [2]] });
    const d = resultFingerprint('SELECT a FROM t ORDER BY a', { columns: ['a'], rows: [[2], [1]] });
    expect(fingerprintDifference(c, d)).toBe('its rows changed');
  });

  it('finds ORDER BY outside strings and comments only', () => {
    expect(ordersRows("SELECT 'order by' FROM t -- order by\n")).toBe(false);
    expect(ordersRows('SELECT a FROM t\nORDER   BY a')).toBe(true);
  });

  it('names what changed: columns, then the row count', () => {
    const before = resultFingerprint('SELECT 1', { columns: ['n'], rows: [[1]] });
    expect(fingerprintDifference(before, resultFingerprint('SELECT 1', { columns: ['m'], rows: [[1]] }))).toMatch(
      /columns changed from \(n\) to \(m\)/,
    );
    expect(fingerprintDifference(before, resultFingerprint('SELECT 1', { columns: ['n'], rows: [[1], [2]] }))).toBe(
      'it returned 2 rows instead of 1',
    );
    expect(fingerprintDifference(before, before)).toBeNull();
  });
});
