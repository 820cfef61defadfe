import { suggestChart } from './chart-suggestion';

describe('suggestChart', () => {
  it('one row with one number is a number', () => {
    expect(suggestChart(['count'], [[42]])).toEqual({ type: 'number', y: ['count'] });
    expect(suggestChart(['total'], [['1234.50']])).toEqual({ type: 'number', y: ['total'] });
  });

  it('a category and a measure is a bar chart', () => {
    const rows = [
      ['Books', 10],
      ['Games', 7],
      ['Toys', 3],
      ['Garden', 12],
      ['Music', 1],
      ['Food', 9],
      ['Tools', 4],
    ];
    expect(suggestChart(['category', 'orders'], rows)).toEqual({ type: 'bar', x: 'category', y: ['orders'] });
  });

  it('keeps the column order: measure first, category second', () => {
    expect(
      suggestChart(
        ['orders', 'country'],
        [
          [3, 'FR'],
          [5, 'DE'],
          [8, 'IT'],
          [1, 'ES'],
          [2, 'PT'],
          [4, 'NL'],
          [6, 'BE'],
        ],
      ),
    ).toEqual({ type: 'bar', x: 'country', y: ['orders'] });
  });

  it('dates on x make a line chart', () => {
    const rows = [
      ['2024-01', 10],
      ['2024-02', 12],
      ['2024-03', 9],
    ];
    expect(suggestChart(['month', 'revenue'], rows)).toEqual({ type: 'line', x: 'month', y: ['revenue'] });
    expect(
      suggestChart(
        ['day', 'n'],
        [
          ['2024-01-01', 1],
          ['2024-01-02T00:00:00Z', 2],
        ],
      ),
    ).toEqual({ type: 'line', x: 'day', y: ['n'] });
    expect(
      suggestChart(
        ['order_year', 'total'],
        [
          [2022, 5],
          [2023, 8],
        ],
      ),
    ).toEqual({ type: 'line', x: 'order_year', y: ['total'] });
  });

  it('few categories with a share-like measure are a pie', () => {
    expect(
      suggestChart(
        ['status', 'share'],
        [
          ['paid', 0.6],
          ['open', 0.3],
          ['void', 0.1],
        ],
      ),
    ).toEqual({ type: 'pie', x: 'status', y: ['share'] });
    expect(
      suggestChart(
        ['status', 'n'],
        [
          ['paid', 60],
          ['open', 30],
          ['void', 10],
        ],
      ),
    ).toEqual({ type: 'pie', x: 'status', y: ['n'] });
    expect(
      suggestChart(
        ['status', 'n'],
        [
          ['paid', 61],
          ['open', 30],
          ['void', 10],
        ],
      ),
    ).toEqual({ type: 'bar', x: 'status', y: ['n'] });
  });

  it('answers null when a table reads better', () => {
    expect(suggestChart([], [])).toBeNull();
    expect(suggestChart(['count'], [])).toBeNull();
    expect(
      suggestChart(
        ['name', 'email'],
        [
          ['a', 'a@x'],
          ['b', 'b@x'],
        ],
      ),
    ).toBeNull();
    expect(
      suggestChart(
        ['name', 'city', 'orders'],
        [
          ['a', 'x', 1],
          ['b', 'y', 2],
        ],
      ),
    ).toBeNull();
    expect(
      suggestChart(
        ['id', 'total'],
        [
          [1, 5],
          [2, 8],
        ],
      ),
    ).toBeNull();
    expect(suggestChart(['name', 'total'], [['only', 5]])).toBeNull();
    const many = Array.from({ length: 51 }, (_, i) => [`c${i}`, i]);
    expect(suggestChart(['name', 'n'], many)).toBeNull();
  });
});
