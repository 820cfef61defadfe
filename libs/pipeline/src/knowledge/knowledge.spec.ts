import type { KnowledgeDefinition } from '@nlq/contracts';
import { missingDefinitions } from './definition-containment';
import { knowledgeFingerprint, matchDefinitions, readingOfDefinitions } from './match-definitions';

const meta = {
  connection_id: 'c',
  version: 1,
  created_at: '',
  updated_at: '',
  updated_by: 'service',
  deleted: false,
  status: 'active' as const,
};
const revenue: KnowledgeDefinition = {
  ...meta,
  id: 'rev',
  kind: 'metric',
  name: 'revenue',
  synonyms: ['sales'],
  description: '',
  expression: 'SUM(orders.total_amount)',
  filter: "orders.status <> 'cancelled'",
};
const active: KnowledgeDefinition = {
  ...meta,
  id: 'act',
  kind: 'filter',
  name: 'active customer',
  synonyms: [],
  description: '',
  condition: 'customers.active = 1',
};
const online: KnowledgeDefinition = {
  ...meta,
  id: 'onl',
  kind: 'synonym',
  name: 'online',
  synonyms: ['web shop'],
  target: "orders.channel = 'web'",
};
const round: KnowledgeDefinition = {
  ...meta,
  id: 'ins',
  kind: 'instruction',
  text: 'Round money to two decimals.',
  scope: 'sql',
};
const all = [revenue, active, online, round];

describe('matchDefinitions', () => {
  it('matches names and synonyms word by word after stemming, and always the instructions', () => {
    expect(matchDefinitions('What was the total revenue in 2024?', all).definitions.map((d) => d.id)).toEqual([
      'rev',
      'ins',
    ]);
    expect(matchDefinitions('Sales per month', all).definitions.map((d) => d.id)).toEqual(['rev', 'ins']);
    expect(matchDefinitions('How many Active Customers are there?', all).definitions.map((d) => d.id)).toEqual([
      'act',
      'ins',
    ]);
    expect(matchDefinitions('orders from the web shop', all).definitions.map((d) => d.id)).toEqual(['onl', 'ins']);
  });

  it('needs the whole term, in order, and never a deleted definition', () => {
    expect(matchDefinitions('active orders of a customer', all).definitions.map((d) => d.id)).toEqual(['ins']);
    expect(matchDefinitions('revenues', [{ ...revenue, deleted: true }]).definitions).toEqual([]);
    expect(matchDefinitions('prerevenue', [revenue]).definitions).toEqual([]);
  });

  it('names the uses, their fingerprint and the reading', () => {
    const match = matchDefinitions('revenue of active customers', all);
    expect(match.uses).toEqual([
      { kind: 'metric', id: 'rev', name: 'revenue', version: 1 },
      { kind: 'filter', id: 'act', name: 'active customer', version: 1 },
      { kind: 'instruction', id: 'ins', name: 'Round money to two decimals.', version: 1 },
    ]);
    expect(knowledgeFingerprint(match)).toBe('act@1,ins@1,rev@1');
    expect(knowledgeFingerprint(matchDefinitions('revenue', [{ ...revenue, version: 2 }]))).toBe('rev@2');
    expect(readingOfDefinitions(match.uses)).toBe('using the definitions of revenue (v1) and active customer (v1)');
    expect(readingOfDefinitions([{ kind: 'metric', id: 'r', name: 'revenue', version: 2 }])).toBe(
      'using the definition of revenue (v2)',
    );
    expect(readingOfDefinitions([])).toBeNull();
  });
});

describe('missingDefinitions', () => {
  const missing = (sql: string, defs: KnowledgeDefinition[] = [revenue]) =>
    missingDefinitions(sql, 'sqlite', defs).map((m) => m.message);

  it('accepts the expression and the filter whatever the aliases, case and parentheses', () => {
    expect(missing("SELECT SUM(orders.total_amount) FROM orders WHERE orders.status <> 'cancelled'")).toEqual([]);
    expect(
      missing(
        "select sum(o.total_amount) as revenue from orders o where (o.status != 'cancelled') and strftime('%Y', o.order_date) = '2024'",
      ),
    ).toEqual([]);
    expect(missing("SELECT SUM(total_amount) FROM orders WHERE status <> 'cancelled'")).toEqual([]);
    expect(
      missing(
        "SELECT c.country, ROUND(SUM(o.total_amount), 2) FROM orders o JOIN customers c ON c.customer_id = o.customer_id AND o.status <> 'cancelled' GROUP BY c.country",
      ),
    ).toEqual([]);
    expect(
      missing(
        "SELECT c.country FROM customers c JOIN orders o ON o.customer_id = c.customer_id WHERE o.status <> 'cancelled' GROUP BY c.country ORDER BY SUM(o.total_amount) DESC",
      ),
    ).toEqual([]);
  });

  it('names a missing filter, a missing or different expression, and a filter that is not a conjunct', () => {
    const message = "the definition of revenue requires SUM(orders.total_amount) with orders.status <> 'cancelled'";
    expect(
      missing("SELECT SUM(orders.total_amount) FROM orders WHERE strftime('%Y', orders.order_date) = '2024'"),
    ).toEqual([message]);
    expect(missing("SELECT SUM(orders.subtotal) FROM orders WHERE orders.status <> 'cancelled'")).toEqual([message]);
    expect(
      missing("SELECT SUM(orders.total_amount) FROM orders WHERE orders.status <> 'cancelled' OR orders.status = 'x'"),
    ).toEqual([message]);
    expect(missing("SELECT SUM(orders.total_amount) FROM orders WHERE orders.status <> 'returned'")).toEqual([message]);
    // text that merely mentions the filter (a string) is not the filter
    expect(missing("SELECT SUM(orders.total_amount), 'orders.status <> ''cancelled''' FROM orders")).toEqual([message]);
  });

  it('checks every conjunct of a filter and of a metric filter with two conditions', () => {
    const both = { ...revenue, filter: "orders.status <> 'cancelled' AND orders.status <> 'returned'" };
    expect(
      missing("SELECT SUM(o.total_amount) FROM orders o WHERE o.status <> 'returned' AND o.status <> 'cancelled'", [
        both,
      ]),
    ).toEqual([]);
    expect(missing("SELECT SUM(o.total_amount) FROM orders o WHERE o.status <> 'cancelled'", [both])).toHaveLength(1);
    expect(missing('SELECT COUNT(*) FROM customers WHERE customers.active = 1', [active])).toEqual([]);
    expect(missing('SELECT COUNT(*) FROM customers', [active])).toEqual([
      'the definition of active customer requires the condition customers.active = 1',
    ]);
  });

  it('finds the metric in a subquery or CTE, and ignores synonyms and instructions', () => {
    expect(
      missing(
        "WITH r AS (SELECT SUM(orders.total_amount) AS v FROM orders WHERE orders.status <> 'cancelled') SELECT v FROM r",
      ),
    ).toEqual([]);
    expect(missing('SELECT 1', [online, round])).toEqual([]);
  });
});
