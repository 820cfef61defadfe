import {
  alignColumns,
  compareResults,
  MAX_PERMUTATIONS,
  resultsMatch,
  sqlHasOrderBy,
  valueKey,
} from './result-comparison';

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

describe('compareResults (reasons)', () => {
  const r = (columns: string[], rows: unknown[][]) => ({ columns, rows });
  const gold = r(
    ['name', 'total'],
    [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ],
  );

  it('matches what resultsMatch matches, with no reasons (columns permuted, rows reordered)', () => {
    const predicted = r(
      ['total', 'name'],
      [
        [3, 'c'],
        [1, 'a'],
        [2, 'b'],
      ],
    );
    expect(compareResults(gold, predicted, false)).toEqual({ match: true, reasons: [] });
  });

  it('names an empty prediction empty_result only', () => {
    expect(compareResults(gold, r(['name', 'total'], []), false)).toEqual({ match: false, reasons: ['empty_result'] });
  });

  it('names rows the prediction lacks or adds', () => {
    expect(compareResults(gold, r(['name', 'total'], [['a', 1]]), false).reasons).toEqual(['missing_rows']);
    expect(compareResults(gold, r(['name', 'total'], [...gold.rows, ['d', 4]]), false).reasons).toEqual(['extra_rows']);
  });

  it('names changed values, with the row count difference when there is one', () => {
    const changed = [
      ['a', 1],
      ['b', 2],
      ['c', 30],
    ];
    expect(compareResults(gold, r(['name', 'total'], changed), false).reasons).toEqual(['different_values']);
    expect(compareResults(gold, r(['name', 'total'], changed.slice(1)), false).reasons).toEqual([
      'missing_rows',
      'different_values',
    ]);
    expect(compareResults(gold, r(['name', 'total'], [...changed, ['d', 4]]), false).reasons).toEqual([
      'extra_rows',
      'different_values',
    ]);
  });

  it('names missing and extra columns, comparing the rows over the columns both have', () => {
    expect(compareResults(gold, r(['name'], [['a'], ['b'], ['c']]), false).reasons).toEqual(['missing_columns']);
    const wider = r(
      ['name', 'total', 'city'],
      [
        ['a', 1, 'x'],
        ['b', 2, 'y'],
        ['c', 3, 'z'],
      ],
    );
    expect(compareResults(gold, wider, false).reasons).toEqual(['extra_columns']);
    expect(compareResults(gold, r(['name'], [['a'], ['b']]), false).reasons).toEqual([
      'missing_rows',
      'missing_columns',
    ]);
  });

  it('names another order only when the gold SQL orders its rows', () => {
    const reversed = r(['name', 'total'], [...gold.rows].reverse());
    expect(compareResults(gold, reversed, true)).toEqual({ match: false, reasons: ['different_order'] });
    expect(compareResults(gold, reversed, false)).toEqual({ match: true, reasons: [] });
  });

  it('aligns columns by name first, so a renamed value column is compared by position', () => {
    expect(alignColumns(gold, r(['TOTAL', 'Name'], [[1, 'a']]))).toEqual([1, 0]);
    expect(alignColumns(gold, r(['label', 'amount'], [[9, 'z']]))).toEqual([0, 1]);
  });
});
