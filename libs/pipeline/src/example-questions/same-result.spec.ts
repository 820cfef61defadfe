import { holdsResult } from './same-result';

describe('holdsResult', () => {
  const reference = {
    columns: ['status', 'sum'],
    rows: [
      ['open', 10.5],
      ['returned', 4],
    ],
  };

  it('accepts the same rows in another order, with columns permuted and more columns beside them', () => {
    const answer = {
      columns: ['n', 'status', 'total'],
      rows: [
        [2, 'returned', 4],
        [1, 'open', 10.500000000001],
      ],
    };
    expect(holdsResult(reference, answer)).toBe(true);
  });

  it('refuses other values, other pairings of values, and another number of rows', () => {
    expect(holdsResult(reference, { columns: ['amount'], rows: [[10.5], [4], [3]] })).toBe(false);
    expect(
      holdsResult(reference, {
        columns: ['s', 't'],
        rows: [
          ['open', 4],
          ['returned', 10.5],
        ],
      }),
    ).toBe(false);
    expect(holdsResult(reference, { columns: ['s'], rows: [['open'], ['returned']] })).toBe(false);
    expect(holdsResult(reference, { columns: ['s', 't'], rows: [['open', 10.5]] })).toBe(false);
  });

  it('compares numbers stored as text (PostgreSQL numeric, MariaDB decimal) as numbers', () => {
    expect(holdsResult({ columns: ['c'], rows: [[3]] }, { columns: ['c'], rows: [['3.00']] })).toBe(true);
  });
});
