import type { Dialect } from '@nlq/contracts';
import { definitionSql, parseDefinitionExpression } from './definition-expression';

const DIALECTS: Dialect[] = ['sqlite', 'postgresql', 'mariadb', 'mysql'];

const problem = (text: string, dialect: Dialect = 'sqlite') => {
  const parsed = parseDefinitionExpression(text, dialect);
  return parsed.ok ? null : parsed.problem;
};

describe('definition expressions are parsed, checked and written from the parse tree', () => {
  it.each(DIALECTS)('writes everyday metrics and conditions back with the same meaning on %s', (dialect) => {
    const q = (s: string) => (dialect === 'mariadb' || dialect === 'mysql' ? s.replaceAll('"', '`') : s);
    for (const text of [
      'SUM(order_items.line_total)',
      "orders.status <> 'cancelled'",
      "orders.status NOT IN ('cancelled', 'pending')",
      'COUNT(DISTINCT orders.customer_id)',
      'COALESCE(SUM(orders.total_amount), 0) / NULLIF(COUNT(*), 0)',
      "CASE WHEN orders.total_amount > 100 THEN 'big' ELSE 'small' END = 'big'",
      'orders.delivered_at IS NOT NULL AND orders.total_amount BETWEEN 1 AND 2',
      q('SUM("Order Details".UnitPrice * "Order Details".Quantity)'),
      "orders.note = 'it''s'",
    ]) {
      const parsed = parseDefinitionExpression(text, dialect);
      expect({ text, problem: parsed.ok ? null : parsed.problem }).toEqual({ text, problem: null });
    }
    expect(definitionSql("orders.status <> 'cancelled'", dialect)).toMatch(/status.? <> 'cancelled'$/);
  });

  it.each(DIALECTS)('refuses comments of every form on %s, naming them', (dialect) => {
    for (const text of [
      "orders.status <> 'cancelled' -- keeps live orders",
      "orders.status <> /* live */ 'cancelled'",
      "orders.status <> 'cancelled' /* keeps",
    ]) {
      expect(problem(text, dialect)).toMatch(/comments|not a valid/);
    }
    expect(problem("orders.status <> '-- not a comment'", dialect)).toBeNull();
  });

  it('refuses MySQL hash comments and executable comments on MariaDB', () => {
    expect(problem("orders.status <> 'x' # note", 'mariadb')).toMatch(/comments/);
    expect(problem("orders.status <> /*! 'x' */ 'y'", 'mariadb')).toMatch(/comments/);
  });

  it('refuses a second statement, a FROM and an alias', () => {
    expect(problem('SUM(orders.total); DROP TABLE orders')).toMatch(/;/);
    expect(problem('SUM(orders.total) FROM orders')).toMatch(/FROM/);
    expect(problem('SUM(orders.total) AS revenue')).toMatch(/alias/);
  });

  it.each(DIALECTS)('refuses blob generators, sleeps and set-returning functions on %s', (dialect) => {
    for (const text of [
      'SUM(LENGTH(randomblob(300000000)))',
      'SUM(LENGTH(zeroblob(1000000000)))',
      'COUNT(pg_sleep(10))',
      'SUM(sleep(5))',
      'SUM(benchmark(100000000, 1))',
      'COUNT(generate_series(1, 100000000))',
      "SUM(LENGTH(repeat('x', 100000000)))",
    ]) {
      expect(problem(text, dialect)).toMatch(/may not use|not a valid/);
    }
  });

  it('keeps the dialect functions of dates and strings', () => {
    expect(problem("strftime('%Y', orders.order_date) = '2024'", 'sqlite')).toBeNull();
    expect(problem("date_trunc('month', orders.order_date) = DATE '2024-01-01'", 'postgresql')).toBeNull();
    expect(problem('YEAR(orders.order_date) = 2024', 'mariadb')).toBeNull();
  });

  it('accepts the ordered-set percentile aggregates on PostgreSQL only, written back with WITHIN GROUP', () => {
    const median = 'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY orders.total_amount)';
    expect(problem(median, 'postgresql')).toBeNull();
    expect(
      problem(
        "PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY CASE WHEN orders.status = 'x' THEN orders.total_amount END)",
        'postgresql',
      ),
    ).toBeNull();
    expect(definitionSql(median, 'postgresql')).toMatch(
      /^PERCENTILE_CONT\(0\.5\) WITHIN GROUP \(ORDER BY "?orders"?\.total_amount( ASC)?\)$/,
    );
    for (const dialect of ['sqlite', 'mariadb', 'mysql'] as const)
      expect(problem(median, dialect)).toMatch(/may not use|not a valid/);
  });

  it('never lets a comment of a stored text into the SQL written from it', () => {
    expect(definitionSql("orders.status <> 'cancelled' -- keeps live orders", 'sqlite')).toBeNull();
    expect(definitionSql('SUM(orders.total_amount)', 'sqlite')).toBe('SUM(orders.total_amount)');
    expect(definitionSql('SUM("Order Details".UnitPrice)', 'sqlite')).toBe('SUM("Order Details".UnitPrice)');
  });
});
