import { parseDateRange } from './date-range-parser';
import { tokenizeQuestion } from '../words/question-tokenizer';

const now = new Date('2025-03-15T10:00:00Z');
const range = (q: string) => {
  const r = parseDateRange(tokenizeQuestion(q), now);
  return r && { from: r.from, to: r.to, label: r.label };
};

describe('parseDateRange', () => {
  it('reads years, months and explicit ranges as half-open ISO ranges', () => {
    expect(range('orders in 2024')).toEqual({ from: '2024-01-01', to: '2025-01-01', label: 'in 2024' });
    expect(range('sales in March 2024')).toEqual({ from: '2024-03-01', to: '2024-04-01', label: 'in March 2024' });
    expect(range('sales in December 2024')).toEqual({
      from: '2024-12-01',
      to: '2025-01-01',
      label: 'in December 2024',
    });
    expect(range('orders between 2024-01-01 and 2024-06-30')).toMatchObject({ from: '2024-01-01', to: '2024-07-01' });
    expect(range('orders since 2024-02-10')).toMatchObject({ from: '2024-02-10', to: null });
    expect(range('orders before 2023')).toMatchObject({ from: null, to: '2023-01-01' });
  });

  it('reads relative ranges against the given clock', () => {
    expect(range('orders last month')).toMatchObject({ from: '2025-02-01', to: '2025-03-01' });
    expect(range('orders this year')).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
    expect(range('orders in the last 7 days')).toMatchObject({ from: '2025-03-09', to: '2025-03-16' });
  });

  it('ignores numbers that are not years and refuses two ranges', () => {
    expect(range('top 5 products')).toBeNull();
    expect(range('customers with last name Smith')).toBeNull();
    expect(() => parseDateRange(tokenizeQuestion('orders in 2023 and in 2024'), now)).toThrow(/two date ranges/);
  });
});

describe('parseDateRange: quarters and halves', () => {
  const now = new Date('2025-05-20T12:00:00Z');
  const at = (q: string) => {
    const r = parseDateRange(tokenizeQuestion(q), now);
    return r && [r.from, r.to, r.label];
  };
  it('reads quarters, halves and relative quarters', () => {
    expect(at('orders in Q2 2024')).toEqual(['2024-04-01', '2024-07-01', 'in Q2 2024']);
    expect(at('sales in the second quarter of 2024')).toEqual(['2024-04-01', '2024-07-01', 'in Q2 2024']);
    expect(at('sales in the first half of 2023')).toEqual(['2023-01-01', '2023-07-01', 'in the first half of 2023']);
    expect(at('orders in H2 2024')).toEqual(['2024-07-01', '2025-01-01', 'in H2 2024']);
    expect(at('orders last quarter')).toEqual(['2025-01-01', '2025-04-01', 'last quarter']);
    expect(at('orders this quarter')).toEqual(['2025-04-01', '2025-07-01', 'this quarter']);
  });
});
