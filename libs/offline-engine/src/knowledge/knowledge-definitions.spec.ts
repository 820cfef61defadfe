import type { DatabaseSchema, Dialect, KnowledgeDefinition, KnowledgeDefinitionBody } from '@nlq/contracts';
import { classifySql } from '@nlq/db-drivers';
import { Random } from '@nlq/sample-db';
import { parseSqlFragment, readDefinitions, renderSqlFragment } from './knowledge-definitions';
import { OfflineEngine } from '../offline-engine';
import { SchemaLexicon } from '../linking/schema-lexicon';
import { AdversarialQuestions, GUIDE_SCHEMA, SHOP_QUESTIONS, SHOP_SCHEMA } from '../testing';
import { OfflineClarificationError, OfflineRefusalError } from '../unanswerable';

/** Business definitions (docs/knowledge.md) in the question forms the engine reads. */
const engine = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
const meta = {
  id: 'x',
  connection_id: 'c',
  version: 1,
  created_at: '',
  updated_at: '',
  updated_by: 'service',
  deleted: false,
  status: 'active' as const,
};
const defs = (...bodies: KnowledgeDefinitionBody[]) => bodies.map((b) => ({ ...b, ...meta }) as KnowledgeDefinition);
const sql = async (schema: DatabaseSchema, question: string, knowledge: readonly KnowledgeDefinition[]) =>
  (await engine.generateSql({ question, dialect: 'sqlite', schema, maxRows: 10, knowledge })).sql;

const SHOP = defs(
  {
    kind: 'metric',
    name: 'revenue',
    synonyms: ['sales'],
    description: '',
    expression: 'SUM(orders.total)',
    filter: "orders.status <> 'cancelled'",
  },
  {
    kind: 'metric',
    name: 'units sold',
    synonyms: [],
    description: '',
    expression: 'SUM(order_items.quantity)',
    filter: "orders.status = 'delivered'",
  },
  {
    kind: 'metric',
    name: 'average basket',
    synonyms: [],
    description: '',
    expression: 'SUM(orders.total) / COUNT(DISTINCT orders.customer_id)',
  },
  { kind: 'filter', name: 'big order', synonyms: [], description: '', condition: 'orders.total > 500' },
  {
    kind: 'filter',
    name: 'active customer',
    synonyms: [],
    description: '',
    condition: "customers.created_at >= '2025-01-01'",
  },
  {
    kind: 'filter',
    name: 'european',
    synonyms: [],
    description: '',
    condition: "customers.country = 'Germany' OR customers.country = 'United Kingdom'",
  },
  { kind: 'synonym', name: 'client', synonyms: ['buyer'], target: 'customers' },
  { kind: 'synonym', name: 'premium', synonyms: [], target: "customers.country = 'Germany'" },
  { kind: 'synonym', name: 'cost', synonyms: [], target: 'products.price' },
  { kind: 'instruction', text: 'Round money to two decimals.', scope: 'answer' } as KnowledgeDefinitionBody,
);

const GUIDE = defs(
  {
    kind: 'filter',
    name: 'good restaurant',
    synonyms: ['good place'],
    description: '',
    condition: 'restaurant.rating > 2.5',
  },
  { kind: 'synonym', name: 'eatery', synonyms: [], target: 'restaurant' },
  { kind: 'synonym', name: 'cuisine', synonyms: [], target: 'restaurant.food_type' },
  { kind: 'metric', name: 'mean score', synonyms: [], description: '', expression: 'AVG(restaurant.rating)' },
);

describe('a metric is the measure, as written, with its filter as a condition', () => {
  it('a total, in a year: "total" before the metric adds no second aggregate', async () => {
    expect(await sql(SHOP_SCHEMA, 'What was the total revenue in 2024?', SHOP)).toBe(
      "SELECT SUM(total) AS revenue FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01' AND status <> 'cancelled'",
    );
    expect(await sql(SHOP_SCHEMA, 'what is the sum of revenue', SHOP)).toBe(
      "SELECT SUM(total) AS revenue FROM orders WHERE status <> 'cancelled'",
    );
  });

  it('per group, ranked, by month, by a synonym of the metric', async () => {
    expect(await sql(SHOP_SCHEMA, 'revenue per country', SHOP)).toBe(
      "SELECT c.country, SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' GROUP BY c.country ORDER BY revenue DESC LIMIT 10",
    );
    expect(await sql(SHOP_SCHEMA, 'total sales per country', SHOP)).toBe(
      await sql(SHOP_SCHEMA, 'revenue per country', SHOP),
    );
    expect(await sql(SHOP_SCHEMA, 'top 5 customers by revenue', SHOP)).toBe(
      "SELECT c.first_name, c.last_name, SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' GROUP BY c.id, c.first_name, c.last_name ORDER BY revenue DESC LIMIT 5",
    );
    expect(await sql(SHOP_SCHEMA, 'revenue by month in 2024', SHOP)).toBe(
      "SELECT strftime('%Y-%m', order_date) AS month, SUM(total) AS revenue FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01' AND status <> 'cancelled' GROUP BY strftime('%Y-%m', order_date) ORDER BY month LIMIT 10",
    );
  });

  it("with the question's own conditions, and definitions of conditions", async () => {
    expect(await sql(SHOP_SCHEMA, 'total revenue of orders shipped to Canada', SHOP)).toBe(
      "SELECT SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status = 'shipped' AND c.country = 'Canada' AND o.status <> 'cancelled'",
    );
    expect(await sql(SHOP_SCHEMA, 'revenue from premium clients', SHOP)).toBe(
      "SELECT SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' AND c.country = 'Germany'",
    );
    expect(await sql(SHOP_SCHEMA, 'what is the revenue of big orders', SHOP)).toBe(
      "SELECT SUM(total) AS revenue FROM orders WHERE status <> 'cancelled' AND total > 500",
    );
  });

  it('an expression over several columns, and a filter on a table the expression does not name, joined', async () => {
    expect(await sql(SHOP_SCHEMA, 'average basket per country', SHOP)).toBe(
      'SELECT c.country, SUM(o.total) / COUNT(DISTINCT o.customer_id) AS average_basket FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.country ORDER BY average_basket DESC LIMIT 10',
    );
    expect(await sql(SHOP_SCHEMA, 'top 3 products by units sold', SHOP)).toBe(
      "SELECT p.name, SUM(oi.quantity) AS units_sold FROM order_items oi JOIN orders o ON oi.order_id = o.id JOIN products p ON oi.product_id = p.id WHERE o.status = 'delivered' GROUP BY p.id, p.name ORDER BY units_sold DESC LIMIT 3",
    );
  });

  it('a ranking word before the metric ranks by it', async () => {
    expect(await sql(SHOP_SCHEMA, 'the 3 customers with the lowest revenue', SHOP)).toBe(
      "SELECT c.first_name, c.last_name, SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' GROUP BY c.id, c.first_name, c.last_name ORDER BY revenue ASC LIMIT 3",
    );
    expect(await sql(SHOP_SCHEMA, 'which 3 countries have the most revenue', SHOP)).toContain(
      'GROUP BY c.country ORDER BY revenue DESC LIMIT 3',
    );
  });

  it('a singular ranking by the metric keeps every row holding the extreme value, the metric in the inner query too', async () => {
    expect(await sql(SHOP_SCHEMA, 'which customer has the highest revenue', SHOP)).toBe(
      "SELECT c.first_name, c.last_name, SUM(o.total) AS revenue FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' GROUP BY c.id, c.first_name, c.last_name HAVING SUM(o.total) = (SELECT MAX(nlq_m) FROM (SELECT SUM(o.total) AS nlq_m FROM orders o JOIN customers c ON o.customer_id = c.id WHERE o.status <> 'cancelled' GROUP BY c.id, c.first_name, c.last_name) nlq_t) ORDER BY revenue DESC LIMIT 10",
    );
    expect(await sql(SHOP_SCHEMA, 'the country with the least revenue', SHOP)).toContain(
      'HAVING SUM(o.total) = (SELECT MIN(nlq_m)',
    );
  });

  it('a count of ids is a measure of their table too, in another dialect', async () => {
    const buyers = defs({
      kind: 'metric',
      name: 'buyer count',
      synonyms: [],
      description: '',
      expression: 'COUNT(DISTINCT orders.customer_id)',
    });
    expect(
      (
        await engine.generateSql({
          question: 'buyer count per country',
          dialect: 'postgresql',
          schema: SHOP_SCHEMA,
          maxRows: 10,
          knowledge: buyers,
        })
      ).sql,
    ).toBe(
      'SELECT c.country, COUNT(DISTINCT o.customer_id) AS buyer_count FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.country ORDER BY buyer_count DESC LIMIT 10',
    );
  });

  it('a metric the question cannot use as a measure, or a ranking read as one total, is refused, never dropped', async () => {
    await expect(sql(SHOP_SCHEMA, 'total revenue and average revenue', SHOP)).rejects.toBeInstanceOf(
      OfflineRefusalError,
    );
    await expect(
      sql(SHOP_SCHEMA, 'which customer has the highest revenue and the most orders', SHOP),
    ).rejects.toBeInstanceOf(OfflineRefusalError);
    await expect(sql(SHOP_SCHEMA, 'how many customers have the least revenue', SHOP)).rejects.toBeInstanceOf(
      OfflineRefusalError,
    );
    await expect(sql(SHOP_SCHEMA, 'orders of the customer with the least revenue', SHOP)).rejects.toBeInstanceOf(
      OfflineRefusalError,
    );
    await expect(sql(SHOP_SCHEMA, 'customers with revenue over 1000', SHOP)).rejects.toBeInstanceOf(
      OfflineRefusalError,
    );
  });
});

describe('a filter is a condition on the rows it names', () => {
  it("the filter's words are consumed, its table word kept", async () => {
    expect(await sql(SHOP_SCHEMA, 'how many big orders are there', SHOP)).toBe(
      'SELECT COUNT(*) AS order_count FROM orders WHERE total > 500',
    );
    expect(await sql(SHOP_SCHEMA, 'list active customers', SHOP)).toBe(
      "SELECT first_name, last_name FROM customers WHERE created_at >= '2025-01-01' ORDER BY id LIMIT 10",
    );
    expect(await sql(SHOP_SCHEMA, 'how many european customers', SHOP)).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE (country = 'Germany' OR country = 'United Kingdom')",
    );
  });

  it("on a restaurant guide, with the question's value and a joined table", async () => {
    expect(await sql(GUIDE_SCHEMA, 'how many good restaurants are in san francisco', GUIDE)).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant WHERE city_name = 'san francisco' AND rating > 2.5",
    );
    expect(await sql(GUIDE_SCHEMA, 'how many good places are in the bay area', GUIDE)).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant r JOIN geographic g ON r.city_name = g.city_name WHERE g.region = 'bay area' AND r.rating > 2.5",
    );
  });

  it('a filter\'s name with other words before its table word ("good french restaurants")', async () => {
    expect(await sql(GUIDE_SCHEMA, 'how many good french restaurants are in san francisco', GUIDE)).toBe(
      "SELECT COUNT(*) AS restaurant_count FROM restaurant WHERE food_type = 'french' AND city_name = 'san francisco' AND rating > 2.5",
    );
    // never across a word that ends the phrase
    expect(readDefinitions('good and cheap restaurants', GUIDE, new SchemaLexicon(GUIDE_SCHEMA))).toBeNull();
  });

  it('a condition on rows that fan out from the subject is refused ("clients with more than 2 big orders")', async () => {
    await expect(sql(SHOP_SCHEMA, 'which clients have more than 2 big orders', SHOP)).rejects.toThrow(
      /which rows "big order" describes/,
    );
  });
});

describe('a synonym is a word for a table, a column or a value', () => {
  it('tables and values', async () => {
    expect(await sql(SHOP_SCHEMA, 'how many premium clients are there', SHOP)).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Germany'",
    );
    expect(await sql(SHOP_SCHEMA, 'how many buyers are in Canada', SHOP)).toBe(
      "SELECT COUNT(*) AS customer_count FROM customers WHERE country = 'Canada'",
    );
    expect(await sql(GUIDE_SCHEMA, 'how many eateries are there', GUIDE)).toBe(
      'SELECT COUNT(*) AS restaurant_count FROM restaurant',
    );
  });

  it('columns, and a metric on the guide', async () => {
    expect(await sql(SHOP_SCHEMA, 'average cost of products', SHOP)).toBe(
      'SELECT AVG(price) AS avg_price FROM products',
    );
    expect(await sql(GUIDE_SCHEMA, 'count restaurants by cuisine', GUIDE)).toBe(
      'SELECT food_type, COUNT(*) AS restaurant_count FROM restaurant GROUP BY food_type ORDER BY restaurant_count DESC LIMIT 10',
    );
    expect(await sql(GUIDE_SCHEMA, 'mean score per cuisine', GUIDE)).toBe(
      'SELECT food_type, AVG(rating) AS mean_score FROM restaurant GROUP BY food_type ORDER BY mean_score DESC LIMIT 10',
    );
  });
});

describe('reading the definitions', () => {
  const lexicon = new SchemaLexicon(SHOP_SCHEMA);

  it('uses only the definitions whose name or synonyms the question says; instructions never', () => {
    expect(readDefinitions('how many orders are there', SHOP, lexicon)).toBeNull();
    const r = readDefinitions('total sales of big orders', SHOP, lexicon);
    expect(r?.question).toBe('sum of orders.total of orders');
    expect(r?.metrics.map((m) => m.name)).toEqual(['revenue']);
    expect(r?.conditions.map((c) => c.name)).toEqual(['big order']);
  });

  it('cuts SQL at its column references, quoted or not, leaving string literals alone', () => {
    const f = parseSqlFragment(`SUM("orders"."total") FILTER (WHERE orders.status <> 'orders.total')`, lexicon);
    expect(f.tables).toEqual(['orders']);
    expect(renderSqlFragment(f, (ref) => `x.${ref.column}`)).toBe(
      "SUM(x.total) FILTER (WHERE x.status <> 'orders.total')",
    );
    expect(() => parseSqlFragment('SUM(orders.nope)', lexicon)).toThrow(/no column/);
  });

  it('writes a part from its parse tree: a stored comment never reaches the SQL, the question is refused', async () => {
    expect(() => parseSqlFragment("orders.status <> 'cancelled' -- keeps live orders", lexicon)).toThrow(/comments/);
    expect(() => parseSqlFragment("orders.status <> /* live */ 'cancelled'", lexicon)).toThrow(/comments/);
    const commented = defs({
      kind: 'filter',
      name: 'livestatus',
      synonyms: [],
      description: '',
      condition: "orders.status <> 'cancelled' -- keeps live orders",
    });
    await expect(sql(SHOP_SCHEMA, 'how many livestatus orders by status', commented)).rejects.toBeInstanceOf(
      OfflineRefusalError,
    );
    const clean = defs({
      kind: 'filter',
      name: 'livestatus',
      synonyms: [],
      description: '',
      condition: "orders.status <> 'cancelled'",
    });
    expect(await sql(SHOP_SCHEMA, 'how many livestatus orders by status', clean)).toMatch(
      /WHERE .*status <> 'cancelled'.* GROUP BY/,
    );
  });
});

describe('adversarial questions with definitions (bounded fuzz)', () => {
  it('each question with definition words writes SQL that parses as one read, refuses or asks back, in every dialect', async () => {
    const random = new Random(23_003);
    const words = [
      'revenue',
      'total revenue',
      'sales',
      'big orders',
      'premium',
      'clients',
      'active customers',
      'european',
      'units sold',
      'cost',
      'average basket',
    ];
    const questions = new AdversarialQuestions(random, {
      questions: SHOP_QUESTIONS,
      vocabulary: [...words, 'orders', 'customers', 'country', 'Germany'],
      maxChars: 300,
    });
    const dialects: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'transactsql'];
    const failures: string[] = [];
    for (let i = 0; i < 600; i++) {
      const base = questions.next();
      const question = i % 2 ? `${base} ${words[i % words.length]}` : `${words[i % words.length]} ${base}`;
      const dialect = dialects[i % dialects.length];
      try {
        const { sql: text } = await engine.generateSql({
          question,
          dialect,
          schema: { ...SHOP_SCHEMA, dialect },
          maxRows: 10,
          knowledge: SHOP,
        });
        const kind = classifySql(text, dialect).kind;
        if (kind !== 'read' && kind !== 'write') failures.push(`${question} (${dialect}): ${kind} ${text}`);
      } catch (e) {
        if (!(e instanceof OfflineRefusalError) && !(e instanceof OfflineClarificationError))
          failures.push(`${question} (${dialect}): ${(e as Error).stack ?? e}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
