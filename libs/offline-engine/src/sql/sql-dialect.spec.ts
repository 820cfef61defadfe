import { literal, periodExpr, quoteIdent, quoteTable } from './sql-dialect';

describe('sql dialect helpers', () => {
  it('quotes only where the dialect needs it', () => {
    expect(quoteIdent('customers', 'postgresql')).toBe('customers');
    expect(quoteIdent('BillingCountry', 'postgresql')).toBe('"BillingCountry"');
    expect(quoteIdent('BillingCountry', 'sqlite')).toBe('BillingCountry');
    expect(quoteIdent('order', 'mysql')).toBe('`order`');
    expect(quoteIdent('order', 'transactsql')).toBe('[order]');
    expect(quoteIdent('orders', 'snowflake')).toBe('"orders"');
    expect(quoteIdent('ORDERS', 'snowflake')).toBe('ORDERS');
    expect(quoteTable('orders', 'sales', 'postgresql')).toBe('sales.orders');
  });

  it('writes safe literals', () => {
    expect(literal("O'Brien", 'postgresql')).toBe("'O''Brien'");
    expect(literal('a\\b', 'mysql')).toBe("'a\\\\b'");
    expect(literal(9.99, 'sqlite')).toBe('9.99');
    expect(() => literal(Number.NaN, 'sqlite')).toThrow();
  });

  it('extracts years and months per dialect', () => {
    expect(periodExpr('d', 'month', 'sqlite')).toBe("strftime('%Y-%m', d)");
    expect(periodExpr('d', 'year', 'postgresql')).toBe("to_char(d, 'YYYY')");
    expect(periodExpr('d', 'year', 'mariadb')).toBe("DATE_FORMAT(d, '%Y')");
    expect(periodExpr('d', 'month', 'transactsql')).toBe("FORMAT(d, 'yyyy-MM')");
  });
});
