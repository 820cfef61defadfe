import { cumulativeCondition } from './dbt-cumulative';

describe('a cumulative metric as one condition as of today', () => {
  it('reads a window as the trailing span ending today, in each dialect', () => {
    expect(cumulativeCondition('orders.ordered_at', { window: '7 days' }, 'sqlite')).toBe(
      "orders.ordered_at > date('now', '-7 days')",
    );
    expect(cumulativeCondition('orders.ordered_at', { window: '2 weeks' }, 'postgresql')).toBe(
      "orders.ordered_at > CURRENT_DATE - INTERVAL '14 days'",
    );
    expect(cumulativeCondition('o.t', { window: '1 quarter' }, 'mariadb')).toBe(
      'o.t > DATE_SUB(CURRENT_DATE, INTERVAL 3 MONTH)',
    );
  });

  it('reads grain_to_date as the rows since the start of the current month or year', () => {
    expect(cumulativeCondition('o.t', { grainToDate: 'month' }, 'sqlite')).toBe("o.t >= date('now', 'start of month')");
    expect(cumulativeCondition('o.t', { grainToDate: 'year' }, 'postgresql')).toBe(
      "o.t >= date_trunc('year', CURRENT_DATE)",
    );
    expect(cumulativeCondition('o.t', { grainToDate: 'month' }, 'mysql')).toBe(
      "o.t >= DATE_FORMAT(CURRENT_DATE, '%Y-%m-01')",
    );
  });

  it('gives the reason when it cannot: no time column, an unknown span or grain, a dialect not written', () => {
    expect(cumulativeCondition(null, { window: '7 days' }, 'sqlite')).toEqual({
      reason: expect.stringMatching(/agg_time_dimension/),
    });
    expect(cumulativeCondition('o.t', { window: 'forever' }, 'sqlite')).toEqual({
      reason: expect.stringMatching(/forever/),
    });
    expect(cumulativeCondition('o.t', { grainToDate: 'week' }, 'sqlite')).toEqual({
      reason: expect.stringMatching(/week/),
    });
    expect(cumulativeCondition('o.t', { window: '7 days' }, 'snowflake')).toEqual({
      reason: expect.stringMatching(/snowflake/),
    });
  });
});
