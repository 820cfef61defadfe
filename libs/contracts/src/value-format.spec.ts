import { columnLabel } from './column-label';
import { formatCell, formatCurrency, formatDateText, isMoneyColumn, numericValue } from './value-format';

describe('value formatting for people', () => {
  it('groups thousands, keeps two decimals at most, and two exactly for money columns', () => {
    expect(formatCell(1234567)).toBe('1,234,567');
    expect(formatCell(12.3456)).toBe('12.35');
    expect(formatCell('1234.5', 'unit_price')).toBe('1,234.50');
    expect(formatCell(99, 'SUM(o.amount)')).toBe('99.00');
    expect(formatCell(12, 'order_count')).toBe('12');
  });

  it('leaves identifiers, years and codes ungrouped', () => {
    expect(formatCell(2024, 'year')).toBe('2024');
    expect(formatCell(10234, 'customer_id')).toBe('10234');
  });

  it('shows dates as dates and keeps a real time of day', () => {
    expect(formatDateText('2024-03-01T00:00:00.000Z')).toBe('2024-03-01');
    expect(formatDateText('2024-03-01 00:00:00')).toBe('2024-03-01');
    expect(formatDateText('2024-03-01 14:05:09')).toBe('2024-03-01 14:05');
    expect(formatDateText('not a date')).toBe('not a date');
  });

  it('formats null, booleans and objects readably', () => {
    expect(formatCell(null)).toBe('(none)');
    expect(formatCell(true)).toBe('yes');
    expect(formatCell({ a: 1 })).toBe('{"a":1}');
  });

  it('tells money columns from counts and ranks', () => {
    expect(isMoneyColumn('totalAmount')).toBe(true);
    expect(isMoneyColumn('price_rank')).toBe(false);
    expect(isMoneyColumn('total')).toBe(false);
    expect(numericValue('12e3')).toBe(12000);
    expect(numericValue('12 apples')).toBeNull();
  });
});

describe('money with the currency sign and column labels (the web table says what the answer says)', () => {
  it('writes money as the answers do, only for money columns and only when asked', () => {
    expect(formatCurrency(739157.41)).toBe('$739,157.41');
    expect(formatCurrency(-3)).toBe('-$3.00');
    expect(formatCell('739157.41', 'total_sales', { currency: true })).toBe('$739,157.41');
    expect(formatCell(739157.41, 'total_sales')).toBe('739,157.41');
    expect(formatCell(12, 'order_count', { currency: true })).toBe('12');
    expect(formatCell(10234, 'customer_id', { currency: true })).toBe('10234');
  });

  it('names columns in words', () => {
    expect(columnLabel('total_sales')).toBe('total sales');
    expect(columnLabel('avg_total_amount')).toBe('avg total amount');
    expect(columnLabel('SUM(o.amount)')).toBe('total amount');
    expect(columnLabel('COUNT(*)')).toBe('number');
    expect(columnLabel('__')).toBe('__');
  });
});
