import type { Dialect } from '@nlq/contracts';
import { mergeFilters } from './follow-up';
import { OfflineEngine } from '../offline-engine';
import type { Filter } from './query-intent';
import { SHOP_SCHEMA } from '../testing/shop-schema.fixture';

const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const followUp = async (previous: string, question: string, dialect: Dialect = 'sqlite') =>
  (
    await provider.generateSql({
      question,
      dialect,
      schema: SHOP_SCHEMA,
      maxRows: 10,
      conversation: [{ question: previous, sql: 'SELECT 1', resultSummary: '1 row' }],
    })
  ).sql;

describe('follow-up questions (conversation passed to the offline provider)', () => {
  it('replaces the period of the previous question', async () => {
    expect(await followUp('How many orders in 2023?', 'and in 2024?')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    );
    expect(await followUp('total sales in March 2024', 'what about April 2024?')).toContain(
      "o.order_date >= '2024-04-01' AND o.order_date < '2024-05-01'",
    );
  });

  it('replaces a value filter on the same column and keeps the others', async () => {
    expect(await followUp('how many orders were shipped to Germany?', 'and to Canada?')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status = 'shipped' AND c.country = 'Canada'",
    );
  });

  it('reads a pronoun as the previous rows and keeps their filters', async () => {
    expect(await followUp('How many orders were shipped?', 'and how many of them are in Canada?')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status = 'shipped' AND c.country = 'Canada'",
    );
    expect(await followUp('list customers in Germany', 'how many of them are there?')).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Germany'",
    );
    expect(await followUp('how many orders were shipped', 'only those in 2024')).toBe(
      "SELECT COUNT(*) AS order_count FROM orders WHERE status = 'shipped' AND order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    );
  });

  it('reads a question that stands alone without the conversation', async () => {
    expect(await followUp('How many orders in 2023?', 'How many customers are there?')).toBe(
      'SELECT COUNT(*) AS customer_count FROM customers',
    );
  });

  it('merges filters: a later filter on the same column or a later date range wins', () => {
    const country = (value: string): Filter => ({
      kind: 'compare',
      ref: { table: 'c', column: 'country' },
      op: '=',
      value,
      label: value,
    });
    const range: Filter = {
      kind: 'dateRange',
      ref: { table: 'o', column: 'd' },
      from: '2024-01-01',
      to: '2025-01-01',
      label: '2024',
    };
    expect(mergeFilters([country('A'), range], [country('B')])).toEqual([range, country('B')]);
    expect(mergeFilters([country('A'), range], [{ ...range, from: '2023-01-01' }])).toEqual([
      country('A'),
      { ...range, from: '2023-01-01' },
    ]);
  });
});
