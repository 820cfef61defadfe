import { MAX_PERMUTATIONS, resultsMatch, sqlHasOrderBy, valueKey } from './result-comparison';

const rs = (rows: unknown[][]) => ({ rows });

describe('resultsMatch (Spider test-suite EX)', () => {
  it('counts two empty results as equal, and empty against non-empty as different', () => {
    expect(resultsMatch(rs([]), rs([]), false)).toBe(true);
    expect(resultsMatch(rs([]), rs([[1]]), false)).toBe(false);
    expect(resultsMatch(rs([[1]]), rs([]), true)).toBe(false);
  });

  it('needs the same row count and column count', () => {
    expect(resultsMatch(rs([[1], [2]]), rs([[1]]), false)).toBe(false);
    expect(resultsMatch(rs([[1, 'a']]), rs([[1]]), false)).toBe(false);
    expect(resultsMatch(rs([[1]]), rs([[1, 'a']]), false)).toBe(false);
  });

  it('ignores row order without ORDER BY but keeps multiplicity (bag, not set)', () => {
    expect(resultsMatch(rs([[1], [2], [3]]), rs([[3], [1], [2]]), false)).toBe(true);
    expect(resultsMatch(rs([[1], [1], [2]]), rs([[1], [2], [2]]), false)).toBe(false);
  });

  it('keeps row order when the gold SQL has ORDER BY', () => {
    expect(resultsMatch(rs([[1], [2]]), rs([[2], [1]]), true)).toBe(false);
    expect(resultsMatch(rs([[1], [2]]), rs([[1], [2]]), true)).toBe(true);
  });

  it('allows a permutation of the predicted columns', () => {
    const gold = rs([
      ['Ann', 10],
      ['Bob', 20],
    ]);
    expect(
      resultsMatch(
        gold,
        rs([
          [10, 'Ann'],
          [20, 'Bob'],
        ]),
        false,
      ),
    ).toBe(true);
    expect(
      resultsMatch(
        gold,
        rs([
          [20, 'Bob'],
          [10, 'Ann'],
        ]),
        false,
      ),
    ).toBe(true);
    expect(
      resultsMatch(
        gold,
        rs([
          [20, 'Bob'],
          [10, 'Ann'],
        ]),
        true,
      ),
    ).toBe(false);
    // same columns as bags, but pairs crossed: no permutation makes the rows equal
    expect(
      resultsMatch(
        gold,
        rs([
          [20, 'Ann'],
          [10, 'Bob'],
        ]),
        false,
      ),
    ).toBe(false);
  });

  it('tries further permutations when several columns hold the same values', () => {
    const gold = rs([
      [1, 2, 'x'],
      [2, 1, 'y'],
    ]);
    expect(
      resultsMatch(
        gold,
        rs([
          ['x', 2, 1],
          ['y', 1, 2],
        ]),
        false,
      ),
    ).toBe(true);
    expect(
      resultsMatch(
        gold,
        rs([
          ['x', 1, 1],
          ['y', 2, 2],
        ]),
        false,
      ),
    ).toBe(false);
  });

  it('compares values by type: 1 equals 1.0, not the text "1"; null only equals null', () => {
    expect(resultsMatch(rs([[1]]), rs([[1.0]]), false)).toBe(true);
    expect(resultsMatch(rs([[1]]), rs([['1']]), false)).toBe(false);
    expect(resultsMatch(rs([[null]]), rs([[null]]), false)).toBe(true);
    expect(resultsMatch(rs([[null]]), rs([['null']]), false)).toBe(false);
    expect(resultsMatch(rs([[0.1 + 0.2]]), rs([[0.3]]), false)).toBe(false);
  });

  it('tags values so that different types never collide', () => {
    expect(
      new Set([valueKey(1), valueKey('1'), valueKey(null), valueKey('null'), valueKey(1n), valueKey(-0)]).size,
    ).toBe(5);
    expect(valueKey(1n)).toBe(valueKey(1));
    expect(valueKey(-0)).toBe(valueKey(0));
    expect(valueKey(Buffer.from('ab'))).toBe('b:6162');
  });

  it('bounds the permutation search', () => {
    // 9 identical columns: 9! orderings exist; the first one already matches
    const row = Array.from({ length: 9 }, () => 7);
    expect(resultsMatch(rs([row]), rs([row]), false)).toBe(true);
    expect(MAX_PERMUTATIONS).toBeGreaterThan(1000);
  });
});

describe('sqlHasOrderBy', () => {
  it('finds ORDER BY in any case and spacing, not inside literals or quoted names', () => {
    expect(sqlHasOrderBy('SELECT a FROM t ORDER BY a')).toBe(true);
    expect(sqlHasOrderBy('select a from t order\n  by a desc')).toBe(true);
    expect(sqlHasOrderBy("SELECT 'order by' FROM t")).toBe(false);
    expect(sqlHasOrderBy('SELECT "order by" FROM t')).toBe(false);
    expect(sqlHasOrderBy('SELECT border, byline FROM t')).toBe(false);
  });
});
