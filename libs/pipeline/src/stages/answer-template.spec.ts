import type { ReadResult } from '@nlq/contracts';
import { columnLabel, templateAnswer } from './answer-template';

const result = (columns: string[], rows: unknown[][], truncated = false): ReadResult => ({
  columns,
  rows,
  rowCount: rows.length,
  truncated,
  durationMs: 1,
});

describe('templateAnswer', () => {
  it('states one value with its column as words, formatted for people', () => {
    expect(templateAnswer(result(['total_revenue'], [[1234567.5]]))).toBe('Total revenue: $1,234,567.50.');
    expect(templateAnswer(result(['COUNT(*)'], [[1200]]))).toBe('Number: 1,200.');
    expect(templateAnswer(result(['n'], [[3]]))).toBe('The answer is 3.');
    expect(templateAnswer(result(['avg(o.amount)'], [[12.345]]))).toBe('Average amount: $12.35.');
    expect(templateAnswer(result(['first_order'], [['2024-03-01 00:00:00']]))).toBe('First order: 2024-03-01.');
    expect(templateAnswer(result(['city'], [[null]]))).toBe('City: (none).');
  });

  it('says plainly that nothing matched', () => {
    expect(templateAnswer(result(['name'], []))).toBe('No rows matched the question.');
  });

  it('states one row of a few columns', () => {
    expect(templateAnswer(result(['first_name', 'country', 'order_count'], [['Ada', 'France', 12]]))).toBe(
      'One row: first name Ada, country France, order count 12.',
    );
  });

  it('lists a short result of one column, or of a label and a number', () => {
    expect(templateAnswer(result(['name'], [['Ada'], ['Bob'], ['Cy']]))).toBe('3 rows: Ada, Bob and Cy.');
    expect(
      templateAnswer(
        result(
          ['status', 'orders'],
          [
            ['open', 1200],
            ['shipped', 30],
          ],
        ),
      ),
    ).toBe('2 rows (status, orders): open (1,200) and shipped (30).');
  });

  it('names every row of a list up to twelve (a year of months), numbers as the table shows them', () => {
    const months = Array.from({ length: 12 }, (_v, i) => [`2025-${String(i + 1).padStart(2, '0')}`, 20150 * (i + 1)]);
    const text = templateAnswer(result(['month', 'revenue'], months));
    expect(text).toMatch(/^12 rows \(month, revenue\): 2025-01 \(\$20,150\.00\), .* and 2025-12 \(\$241,800\.00\)\.$/);
    expect(text?.match(/2025-\d\d/g)).toHaveLength(12);
  });

  it('leaves to the model what it cannot state exactly: long, wide, mixed or cut results', () => {
    const many = Array.from({ length: 13 }, (_v, i) => [`n${i}`]);
    expect(templateAnswer(result(['name'], many))).toBeNull();
    expect(
      templateAnswer(
        result(
          ['a', 'b', 'c'],
          [
            [1, 2, 3],
            [4, 5, 6],
          ],
        ),
      ),
    ).toBeNull();
    expect(
      templateAnswer(
        result(
          ['name', 'city'],
          [
            ['Ada', 'Paris'],
            ['Bob', 'Lima'],
          ],
        ),
      ),
    ).toBeNull();
    expect(templateAnswer(result(['n'], [[3]], true))).toBeNull();
    expect(templateAnswer(result(['a', 'b', 'c', 'd', 'e', 'f', 'g'], [[1, 2, 3, 4, 5, 6, 7]]))).toBeNull();
  });
});

describe('columnLabel', () => {
  it('turns names and aggregate calls into words', () => {
    expect(columnLabel('totalAmount')).toBe('total amount');
    expect(columnLabel('o.unit_price')).toBe('unit price');
    expect(columnLabel('SUM(DISTINCT o.amount)')).toBe('total amount');
    expect(columnLabel('max(signup_date)')).toBe('highest signup date');
  });
});
