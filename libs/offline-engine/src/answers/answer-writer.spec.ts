import type { AnswerPlan } from './answer-plan';
import { ANSWER_ITEMS, writeAnswerText } from './answer-writer';
import type { OfflineAnswerRequest } from '../engine-types';

/** A plan of sales per month, as the engine records it for "total sales by month". */
const PER_MONTH: AnswerPlan = {
  kind: 'grouped',
  noun: 'order',
  nounPlural: 'orders',
  context: '',
  measureLabel: 'total sales',
  money: true,
  labelColumns: ['month'],
  valueColumn: 'total_sales',
  groupNoun: 'month',
  limit: null,
  direction: 'desc',
};

const months = (n: number) =>
  Array.from({ length: n }, (_, i) => [`2025-${String((i % 12) + 1).padStart(2, '0')}`, 1000 * (i + 1) + 0.5]);

function request(rows: unknown[][], extra: Partial<OfflineAnswerRequest> = {}): OfflineAnswerRequest {
  return {
    question: 'total sales by month',
    sql: 'SELECT ...',
    columns: ['month', 'total_sales'],
    rows,
    rowCount: rows.length,
    truncated: false,
    ...extra,
  };
}

describe('offline answer wording', () => {
  it('names every group up to twelve: a year of months leaves none out', () => {
    expect(ANSWER_ITEMS).toBe(12);
    const text = writeAnswerText(request(months(12)), PER_MONTH);
    expect(text).toMatch(/^Total sales by month \(12 groups\): 2025-01 \$1,000\.50, .*, 2025-12 \$12,000\.50\.$/);
    expect(text.match(/2025-\d\d/g)).toHaveLength(12);
    expect(text).not.toMatch(/more|showing/);
  });

  it('beyond twelve, says how many groups it leaves out', () => {
    expect(writeAnswerText(request(months(20)), PER_MONTH)).toMatch(/, 2025-12 \$12,000\.50 and 8 more\.$/);
    // rows the row limit cut and the pipeline counted: the uncapped total
    expect(writeAnswerText(request(months(15), { truncated: true, totalRows: 40 }), PER_MONTH)).toMatch(
      /^Total sales by month \(40 groups\): .* and 28 more\.$/,
    );
    // cut and not counted: at least one beyond the rows returned
    expect(writeAnswerText(request(months(15), { truncated: true }), PER_MONTH)).toMatch(
      /^Total sales by month \(more than 15 groups\): .* and at least 4 more\.$/,
    );
  });

  it('writes numbers as the table shows them: money with its sign, digits grouped, decimals from the driver as text', () => {
    const plain: AnswerPlan = { ...PER_MONTH, money: false, measureLabel: 'revenue' };
    // PostgreSQL sends NUMERIC sums as text; the column name marks money for the table and the sentence alike
    const text = writeAnswerText(
      { ...request([['2025-01', '241800']]), columns: ['month', 'revenue'] },
      { ...plain, valueColumn: 'revenue' },
    );
    expect(text).toBe('Revenue by month (1 group): 2025-01 $241,800.00.');
    // a generic answer (SQL the engine did not write) formats its cells too
    expect(writeAnswerText({ ...request([[1234567]]), columns: ['order_count'] }, null)).toBe(
      'The order count is 1,234,567.',
    );
    expect(writeAnswerText({ ...request([['241800.5']]), columns: ['total_amount'] }, null)).toBe(
      'The total amount is $241,800.50.',
    );
    // years and identifiers are not grouped
    expect(writeAnswerText({ ...request([[2026, 3]]), columns: ['year', 'orders'] }, null)).toBe(
      'Found 1 row: 2026 | 3.',
    );
  });
});
