/**
 * End-to-end accuracy of the built-in offline engine (libs/offline-engine/src): the sample shop database is
 * generated, introspected with the real SQLite driver, and every question's SQL is executed and compared with the
 * result of hand-written reference SQL. Also runs a handful of questions over the Chinook database (from
 * <repo>/../shared/eval, skipped with a message when absent) to show the engine is not tuned to one schema.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSchema, KnowledgeDefinition, KnowledgeDefinitionBody, ReadResult } from '@nlq/contracts';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { ClarificationNeededError, OfflineProvider, UnanswerableQuestionError } from '@nlq/llm-providers';
import { generateSampleDatabase } from '@nlq/sample-db';

jest.setTimeout(60_000); // the sample database is generated and WordNet loaded on a loaded CI machine

const READ = { maxRows: 5000, timeoutMs: 10_000 };
const MAX_ROWS = 1000;

/** Round numbers to cents so SUM/AVG evaluated in different orders compare equal. */
function normalise(result: ReadResult): string[] {
  return result.rows.map((row) =>
    JSON.stringify(row.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v))),
  );
}

/** Same rows (as a multiset, or in order), same number of columns. */
function expectSameResult(actual: ReadResult, expected: ReadResult, ordered: boolean): void {
  expect(actual.columns.length).toBe(expected.columns.length);
  const a = normalise(actual);
  const e = normalise(expected);
  expect(ordered ? a : [...a].sort()).toEqual(ordered ? e : [...e].sort());
}

interface Case {
  question: string;
  reference: string;
  /** Compare row order too (rankings). */
  ordered?: boolean;
  /** Text the answer must contain, from the reference result's first cell when `true`. */
  answerHasCount?: boolean;
  /** Business definitions passed on the request (docs/knowledge.md). */
  knowledge?: readonly KnowledgeDefinition[];
}

async function ask(
  provider: OfflineProvider,
  schema: DatabaseSchema,
  question: string,
  knowledge?: readonly KnowledgeDefinition[],
): Promise<string> {
  return (await generate(provider, schema, question, knowledge)).sql;
}

/** The SQL with the provider's plan for wording its rows (handed back to writeAnswer). */
async function generate(
  provider: OfflineProvider,
  schema: DatabaseSchema,
  question: string,
  knowledge?: readonly KnowledgeDefinition[],
): Promise<{ sql: string; answerPlan?: unknown }> {
  return provider.generateSql({
    question,
    dialect: 'sqlite',
    schema,
    examples: [],
    maxRows: MAX_ROWS,
    ...(knowledge ? { knowledge } : {}),
  });
}

const SHOP_CASES: Case[] = [
  { question: 'How many customers are there?', reference: 'SELECT COUNT(*) FROM customers', answerHasCount: true },
  // a column named "total <x>" before a grouping word: summed per group, never listed with the grouping dropped
  { question: 'Total amount per status', reference: 'SELECT status, SUM(total_amount) FROM orders GROUP BY status' },
  {
    question: 'Total amount by channel in 2025',
    reference:
      "SELECT channel, SUM(total_amount) FROM orders WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01' GROUP BY channel",
  },
  // a stored value named by a WordNet synonym ("CEO": Chief Executive Officer) selects the rows asked about
  {
    question: "What is the CEO's salary?",
    reference: "SELECT salary FROM employees WHERE title = 'Chief Executive Officer'",
  },
  {
    question: 'What is the email of the CEO?',
    reference: "SELECT email FROM employees WHERE title = 'Chief Executive Officer'",
  },
  {
    question: 'How many orders were delivered to Germany?',
    reference:
      "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status = 'delivered' AND c.country = 'Germany'",
    answerHasCount: true,
  },
  {
    question: 'how many orders were shipped to Germany?',
    reference:
      "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status = 'shipped' AND c.country = 'Germany'",
    answerHasCount: true,
  },
  {
    question: 'How many orders in 2024?',
    reference: "SELECT COUNT(*) FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'",
    answerHasCount: true,
  },
  {
    question: 'how many orders between 2024-01-01 and 2024-06-30?',
    reference: "SELECT COUNT(*) FROM orders WHERE date(order_date) BETWEEN '2024-01-01' AND '2024-06-30'",
    answerHasCount: true,
  },
  {
    question: 'how many payments failed?',
    reference: "SELECT COUNT(*) FROM payments WHERE status = 'failed'",
    answerHasCount: true,
  },
  {
    question: 'how many reviews with rating 5',
    reference: 'SELECT COUNT(*) FROM reviews WHERE rating = 5',
    answerHasCount: true,
  },
  {
    question: 'number of products per category',
    reference:
      'SELECT c.name, COUNT(*) FROM categories c JOIN products p ON p.category_id = c.category_id GROUP BY c.category_id',
  },
  { question: 'how many customers per segment', reference: 'SELECT segment, COUNT(*) FROM customers GROUP BY segment' },
  { question: 'orders per channel', reference: 'SELECT channel, COUNT(*) FROM orders GROUP BY channel' },
  {
    question: 'list customers in Canada',
    reference: "SELECT first_name, last_name FROM customers WHERE country = 'Canada'",
  },
  { question: 'show orders with status cancelled', reference: "SELECT * FROM orders WHERE status = 'cancelled'" },
  {
    question: 'which products are in the Electronics category?',
    reference:
      "SELECT p.name FROM products p WHERE p.category_id = (SELECT category_id FROM categories WHERE name = 'Electronics')",
  },
  {
    question: 'list products that are not in the Books category',
    reference:
      "SELECT p.name FROM products p JOIN categories c ON c.category_id = p.category_id WHERE c.name <> 'Books'",
  },
  { question: 'products with unit price over 500', reference: 'SELECT name FROM products WHERE unit_price > 500' },
  {
    question: 'top 5 products by total sales',
    reference:
      'SELECT p.name, SUM(oi.line_total) AS s FROM order_items oi JOIN products p ON p.product_id = oi.product_id GROUP BY p.product_id ORDER BY s DESC LIMIT 5',
    ordered: true,
  },
  {
    question: 'the 3 customers with the most orders',
    reference:
      'SELECT c.first_name, c.last_name, COUNT(*) AS n FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id ORDER BY n DESC LIMIT 3',
    ordered: true,
  },
  {
    question: 'most expensive products',
    reference: 'SELECT product_id, name, unit_price FROM products ORDER BY unit_price DESC LIMIT 10',
    ordered: true,
  },
  {
    question: 'which supplier has the most products',
    reference:
      'SELECT s.name, COUNT(*) AS n FROM suppliers s JOIN products p ON p.supplier_id = s.supplier_id GROUP BY s.supplier_id ORDER BY n DESC LIMIT 1',
  },
  {
    question: 'top 3 countries by sales',
    reference:
      'SELECT c.country, SUM(o.total_amount) AS s FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY c.country ORDER BY s DESC LIMIT 3',
    ordered: true,
  },
  {
    question: 'average order total by country',
    reference:
      'SELECT c.country, AVG(o.total_amount) FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY c.country',
  },
  {
    question: 'total sales by category',
    reference:
      'SELECT c.name, SUM(oi.line_total) FROM order_items oi JOIN products p ON p.product_id = oi.product_id JOIN categories c ON c.category_id = p.category_id GROUP BY c.category_id',
  },
  {
    question: 'total sales in March 2024',
    reference:
      "SELECT SUM(oi.line_total) FROM order_items oi JOIN orders o ON o.order_id = oi.order_id WHERE o.order_date >= '2024-03-01' AND o.order_date < '2024-04-01'",
  },
  {
    question: 'monthly sales in 2024',
    reference:
      "SELECT substr(o.order_date, 1, 7) AS m, SUM(oi.line_total) FROM order_items oi JOIN orders o ON o.order_id = oi.order_id WHERE o.order_date LIKE '2024-%' GROUP BY m ORDER BY m",
    ordered: true,
  },
  {
    question: 'average rating by category',
    reference:
      'SELECT c.name, AVG(r.rating) FROM reviews r JOIN products p ON p.product_id = r.product_id JOIN categories c ON c.category_id = p.category_id GROUP BY c.category_id',
  },
  {
    question: 'average shipping cost by carrier',
    reference: 'SELECT carrier, AVG(shipping_cost) FROM shipments GROUP BY carrier',
  },
  { question: 'What is the average salary of employees?', reference: 'SELECT AVG(salary) FROM employees' },
  // general forms
  {
    question: 'What is the total amount of orders placed in 2025?',
    reference: "SELECT SUM(total_amount) FROM orders WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01'",
  },
  {
    question: 'What are the top 5 products by quantity sold?',
    reference:
      'SELECT p.name, SUM(oi.quantity) FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.product_id ORDER BY SUM(oi.quantity) DESC LIMIT 5',
    ordered: true,
  },
  {
    question: 'Total payments by payment method',
    reference: 'SELECT payment_method, SUM(amount) FROM payments GROUP BY payment_method',
  },
  {
    question: 'What is the average salary by job title?',
    reference: 'SELECT title, AVG(salary) FROM employees GROUP BY title',
  },
  { question: 'Which products are out of stock?', reference: 'SELECT name FROM products WHERE stock_quantity = 0' },
  {
    question: 'how many products are in stock',
    reference: 'SELECT COUNT(*) FROM products WHERE stock_quantity > 0',
    answerHasCount: true,
  },
  {
    question: 'Web orders over 500 in 2025',
    reference:
      "SELECT * FROM orders WHERE channel = 'web' AND total_amount > 500 AND order_date >= '2025-01-01' AND order_date < '2026-01-01'",
  },
  {
    question: 'Which customers spent more than 1000 in total?',
    reference:
      'SELECT c.first_name, c.last_name, SUM(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING SUM(o.total_amount) > 1000',
  },
  {
    question: 'customers whose orders total more than 2000',
    reference:
      'SELECT c.first_name, c.last_name, SUM(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING SUM(o.total_amount) > 2000',
  },
  {
    question: 'Which products have an average rating below 3?',
    reference:
      'SELECT p.name, AVG(r.rating) FROM products p JOIN reviews r ON r.product_id = p.product_id GROUP BY p.product_id HAVING AVG(r.rating) < 3',
  },
  {
    question: 'How many customers placed more than one order?',
    reference: 'SELECT COUNT(*) FROM (SELECT customer_id FROM orders GROUP BY customer_id HAVING COUNT(*) > 1)',
    answerHasCount: true,
  },
  // the top row per group, ties kept
  {
    question: 'What is the most expensive product in each category?',
    reference:
      'SELECT c.name, p.name, p.unit_price FROM products p JOIN categories c ON c.category_id = p.category_id WHERE p.unit_price = (SELECT MAX(p2.unit_price) FROM products p2 WHERE p2.category_id = p.category_id)',
  },
  {
    question: 'What is the best-selling product in each category?',
    reference:
      'WITH s AS (SELECT p.category_id, p.name, SUM(oi.quantity) AS units FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.product_id) ' +
      'SELECT c.name, s.name, s.units FROM s JOIN categories c ON c.category_id = s.category_id WHERE s.units = (SELECT MAX(s2.units) FROM s s2 WHERE s2.category_id = s.category_id)',
  },
  // two aggregates in one question
  {
    question: 'What is the maximum and minimum price of products?',
    reference: 'SELECT MAX(unit_price), MIN(unit_price) FROM products',
  },
  {
    question: 'the highest salary and the average salary of employees',
    reference: 'SELECT MAX(salary), AVG(salary) FROM employees',
  },
  // "or" between values
  {
    question: 'How many orders are pending or cancelled?',
    reference: "SELECT COUNT(*) FROM orders WHERE status IN ('pending', 'cancelled')",
    answerHasCount: true,
  },
  {
    question: 'customers in Canada or Germany',
    reference: "SELECT first_name, last_name FROM customers WHERE country = 'Canada' OR country = 'Germany'",
  },
  // values of a column by how many rows hold them
  {
    question: 'Which channels have more than 100 orders?',
    reference: 'SELECT channel FROM orders GROUP BY channel HAVING COUNT(*) > 100',
  },
  {
    question: 'job titles with at least 2 employees',
    reference: 'SELECT title FROM employees GROUP BY title HAVING COUNT(*) >= 2',
  },
  // a participle naming a nullable date column
  {
    question: 'How many products have been discontinued?',
    reference: 'SELECT COUNT(*) FROM products WHERE discontinued_at IS NOT NULL',
    answerHasCount: true,
  },
  {
    question: "How many products haven't been discontinued?",
    reference: 'SELECT COUNT(*) FROM products WHERE discontinued_at IS NULL',
    answerHasCount: true,
  },
  // an unknown verb between a table and a related table
  {
    question: 'How many orders did each employee manage?',
    reference:
      'SELECT e.first_name, e.last_name, COUNT(*) FROM employees e JOIN orders o ON o.employee_id = e.employee_id GROUP BY e.employee_id',
  },
  {
    question: 'How many orders took more than 7 days to deliver?',
    reference: 'SELECT COUNT(*) FROM orders WHERE julianday(delivered_at) - julianday(order_date) > 7',
    answerHasCount: true,
  },
  // two columns of one row compared: dates with after/before, numbers with above/below
  {
    question: 'How many orders were delivered after they were shipped?',
    reference: 'SELECT COUNT(*) FROM orders WHERE delivered_at > shipped_at',
    answerHasCount: true,
  },
  {
    question: 'How many shipments were delivered before they were shipped?',
    reference: 'SELECT COUNT(*) FROM shipments WHERE delivered_at < shipped_at',
  },
  {
    question: 'How many products have a unit price above their unit cost?',
    reference: 'SELECT COUNT(*) FROM products WHERE unit_price > unit_cost',
    answerHasCount: true,
  },
];

/** Shapes added after the first 27: superlatives with ties, lookups by name, comparisons named by an adjective. */
const SHOP_WIDER_CASES: Case[] = [
  {
    question: 'which product is the most expensive?',
    reference:
      'SELECT product_id, name, unit_price FROM products WHERE unit_price = (SELECT MAX(unit_price) FROM products)',
  },
  {
    question: 'the cheapest product in the Books category',
    reference:
      "SELECT p.product_id, p.name, p.unit_price FROM products p JOIN categories c ON c.category_id = p.category_id WHERE c.name = 'Books' AND p.unit_price = (SELECT MIN(p2.unit_price) FROM products p2 JOIN categories c2 ON c2.category_id = p2.category_id WHERE c2.name = 'Books')",
  },
  { question: 'products cheaper than 20', reference: 'SELECT name FROM products WHERE unit_price < 20' },
  {
    question: 'how many products are more expensive than 900',
    reference: 'SELECT COUNT(*) FROM products WHERE unit_price > 900',
    answerHasCount: true,
  },
  {
    question: 'what is the description of the Books category',
    reference: "SELECT description FROM categories WHERE name = 'Books'",
  },
  {
    question: 'what is the email of Meridian Logistics',
    reference: "SELECT email FROM suppliers WHERE name = 'Meridian Logistics'",
  },
  {
    question: 'what is the unit price of Nonexistent Gizmo',
    reference: "SELECT unit_price FROM products WHERE name = 'Nonexistent Gizmo'",
  },
];

/** Anti-joins, HAVING counts, typos and filler words, on the sample database. */
const SHOP_ISSUE8_CASES: Case[] = [
  {
    question: 'customers without orders',
    reference:
      'SELECT c.first_name, c.last_name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)',
  },
  {
    question: 'how many customers have more than 10 orders',
    reference:
      'SELECT COUNT(*) FROM customers c WHERE (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.customer_id) > 10',
    answerHasCount: true,
  },
  {
    question: 'which categories have no products',
    reference:
      'SELECT c.name FROM categories c WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.category_id)',
  },
  { question: 'how many prodcuts are there?', reference: 'SELECT COUNT(*) FROM products', answerHasCount: true },
  {
    question: 'how many customers are currently located in Germany?',
    reference: "SELECT COUNT(*) FROM customers WHERE country = 'Germany'",
    answerHasCount: true,
  },
  // "in" spells a stored value (the iso code IN) but is a preposition here: "live" is a linking verb, not a modifier
  {
    question: 'which customers currently live in Canada',
    reference: "SELECT first_name, last_name FROM customers WHERE country = 'Canada'",
  },
  // "<event> time": from the row's own date to the event's date; "order value" is the order's one money column
  {
    question: 'what is the average delivery time in days',
    reference: 'SELECT AVG(julianday(delivered_at) - julianday(order_date)) FROM orders',
  },
  {
    question: 'average order value by channel',
    reference: 'SELECT channel, AVG(total_amount) FROM orders GROUP BY channel',
  },
  // "time to <event>"; recency superlatives rank by the table's own date; "a total above" compares the row's total;
  // an average "per order item" is over the rows, not grouped by each row
  {
    question: 'what is the average time to ship an order',
    reference: 'SELECT AVG(julianday(shipped_at) - julianday(order_date)) FROM orders',
  },
  {
    question: 'list the 5 most recent orders',
    reference: 'SELECT order_id, order_date FROM orders ORDER BY order_date DESC LIMIT 5',
    ordered: true,
  },
  { question: 'orders with a total above 500', reference: 'SELECT * FROM orders WHERE total_amount > 500' },
  { question: 'average discount per order item', reference: 'SELECT AVG(discount) FROM order_items' },
  // with a period named, "new" says nothing more: the customers who signed up in it
  {
    question: 'how many new customers signed up last year',
    reference:
      "SELECT COUNT(*) FROM customers WHERE signup_date >= date('now', 'start of year', '-1 year') AND signup_date < date('now', 'start of year')",
    answerHasCount: true,
  },
  // per day, last week (Monday to Monday before this week's Monday, whatever weekday today is)
  {
    question: 'how many orders per day last week',
    reference:
      "SELECT date(order_date), COUNT(*) FROM orders WHERE order_date >= date('now', '-6 days', 'weekday 1', '-7 days') AND order_date < date('now', '-6 days', 'weekday 1') GROUP BY date(order_date)",
  },
  // a duration between two date columns of a row, named by their events (delivery -> delivered_at)
  {
    question: 'how many days between order and delivery on average',
    reference: 'SELECT AVG(julianday(delivered_at) - julianday(order_date)) FROM orders',
  },
  {
    question: 'average hours from order to shipment by channel',
    reference: 'SELECT channel, AVG((julianday(shipped_at) - julianday(order_date)) * 24) FROM orders GROUP BY channel',
  },
  // "sales rep" is a WordNet synonym of the stored title Sales Representative, used as a noun: those employees
  {
    question: 'which sales rep sold the most',
    reference:
      "SELECT e.first_name, e.last_name, SUM(oi.quantity) AS n FROM order_items oi JOIN orders o ON o.order_id = oi.order_id JOIN employees e ON e.employee_id = o.employee_id WHERE e.title = 'Sales Representative' GROUP BY e.employee_id ORDER BY n DESC LIMIT 1",
  },
  // a compound of two table names is right-headed: "product reviews" are reviews
  { question: 'how many product reviews are there', reference: 'SELECT COUNT(*) FROM reviews', answerHasCount: true },
  // a column list after the question: exactly those columns, a full name as one value
  {
    question: 'Show customers in Canada. The result should include: - Customer full name - Email - City',
    reference: "SELECT first_name || ' ' || last_name, email, city FROM customers WHERE country = 'Canada'",
  },
  // a closing sentence names the columns of a ranking
  {
    question: 'Which are the 3 most expensive products? Give the product name and the unit price.',
    reference: 'SELECT name, unit_price FROM products ORDER BY unit_price DESC LIMIT 3',
    ordered: true,
  },
  // a ratio of two counts; the last side's place scopes both sides
  {
    question: 'what is the ratio of cancelled orders to delivered orders in Germany',
    reference:
      "SELECT 1.0 * SUM(CASE WHEN o.status = 'cancelled' THEN 1 ELSE 0 END) / SUM(CASE WHEN o.status = 'delivered' THEN 1 ELSE 0 END) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE c.country = 'Germany'",
  },
  // an anti-join through the bridge table: a product never ordered has no order line
  {
    question: 'which products have never been ordered',
    reference:
      'SELECT p.name FROM products p WHERE NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.product_id = p.product_id)',
  },
  // "by each" is one grouping; "placed" is filler
  {
    question: 'how many orders were placed by each employee',
    reference:
      'SELECT e.first_name, e.last_name, COUNT(*) FROM orders o JOIN employees e ON e.employee_id = o.employee_id GROUP BY e.employee_id',
  },
  // a superlative across a join: the customer of the largest single order
  {
    question: 'which customer placed the largest order',
    reference:
      'SELECT DISTINCT c.first_name, c.last_name FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.total_amount = (SELECT MAX(total_amount) FROM orders)',
  },
];

const SHOP_REFUSALS = [
  // a grouping the reading cannot place: refused, never a list of every salary
  'salary per title',
  'how many customers churned last quarter?',
  'list customers in Atlantis',
  'what is the weather in Paris?',
  'show me the profit margin per supplier',
  'who is the best employee?',
  'insert a new customer named Bob',
  'delete everything',
  // an aggregate of rows an adjective judges by no threshold: refused, never the plain price
  'average price of expensive products',
  'average of the cheap products',
];

const CHINOOK_CASES: Case[] = [
  { question: 'How many customers are there?', reference: 'SELECT COUNT(*) FROM Customer', answerHasCount: true },
  {
    question: 'How many tracks are there per genre?',
    reference: 'SELECT g.Name, COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId',
  },
  {
    question: 'top 5 artists by number of albums',
    reference:
      'SELECT ar.Name, COUNT(*) AS n FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId ORDER BY n DESC LIMIT 5',
    ordered: true,
  },
  {
    question: 'list customers in Brazil',
    reference: "SELECT FirstName, LastName FROM Customer WHERE Country = 'Brazil'",
  },
  // the question forms on a schema the engine was not written for: periods, having, yes/no, negation,
  // percentage and ratio
  {
    question: 'how many invoices in the second quarter of 2010',
    reference: "SELECT COUNT(*) FROM Invoice WHERE InvoiceDate >= '2010-04-01' AND InvoiceDate < '2010-07-01'",
    answerHasCount: true,
  },
  {
    question: 'artists with more than 10 albums',
    reference:
      'SELECT ar.Name FROM Artist ar WHERE (SELECT COUNT(*) FROM Album al WHERE al.ArtistId = ar.ArtistId) > 10',
  },
  { question: 'are there any invoices in 2013?', reference: "SELECT 'yes'" },
  {
    question: 'artists without albums',
    reference: 'SELECT Name FROM Artist WHERE ArtistId NOT IN (SELECT ArtistId FROM Album)',
  },
  {
    question: 'what percentage of customers are in Brazil',
    reference: "SELECT 100.0 * SUM(Country = 'Brazil') / COUNT(*) FROM Customer",
  },
  {
    question: 'what is the ratio of customers in Brazil to customers in Canada',
    reference: "SELECT 1.0 * SUM(Country = 'Brazil') / SUM(Country = 'Canada') FROM Customer",
  },
  // a singular ranking of groups returns every group tied for the extreme (every track sold in 2012 sold once)
  {
    question: 'the most purchased track of 2012',
    reference:
      "SELECT t.Name, SUM(il.Quantity) AS n FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Invoice i ON i.InvoiceId = il.InvoiceId WHERE i.InvoiceDate >= '2012-01-01' AND i.InvoiceDate < '2013-01-01' GROUP BY t.TrackId HAVING n = (SELECT MAX(m) FROM (SELECT SUM(il2.Quantity) AS m FROM InvoiceLine il2 JOIN Invoice i2 ON i2.InvoiceId = il2.InvoiceId WHERE i2.InvoiceDate >= '2012-01-01' AND i2.InvoiceDate < '2013-01-01' GROUP BY il2.TrackId))",
  },
  // "line items": the head noun of InvoiceLine; "count the number of" is one count
  {
    question: 'count the number of line items for invoice id 12',
    reference: 'SELECT COUNT(*) FROM InvoiceLine WHERE InvoiceId = 12',
    answerHasCount: true,
  },
  // "each" with nothing counted lists every row; "the name of the artist" is owned by the table after "of"
  {
    question: 'show each album with the name of the artist',
    reference:
      'SELECT al.AlbumId, al.Title, al.ArtistId, ar.Name FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId',
  },
  {
    question:
      'List the invoices of customers from Germany. The output should contain: customer full name, invoice id, date of the invoice',
    reference:
      "SELECT c.FirstName || ' ' || c.LastName, i.InvoiceId, i.InvoiceDate FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId WHERE c.Country = 'Germany'",
  },
  {
    question: 'which country has the most customers',
    reference: 'SELECT Country, COUNT(*) AS n FROM Customer GROUP BY Country ORDER BY n DESC LIMIT 1',
  },
  {
    question: 'how many invoices in 2010',
    reference: "SELECT COUNT(*) FROM Invoice WHERE strftime('%Y', InvoiceDate) = '2010'",
    answerHasCount: true,
  },
  {
    question: 'total sales by genre',
    reference:
      'SELECT g.Name, SUM(il.UnitPrice * il.Quantity) FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId',
  },
];

const DEFINITION_META = {
  id: 'def',
  connection_id: 'default',
  version: 1,
  created_at: '',
  updated_at: '',
  updated_by: 'service',
  deleted: false,
  status: 'active' as const,
};
/** The sample shop's business definitions (docs/knowledge.md), as the pipeline passes them on the request. */
const SHOP_KNOWLEDGE: readonly KnowledgeDefinition[] = (
  [
    {
      kind: 'metric',
      name: 'revenue',
      synonyms: ['sales'],
      description: '',
      expression: 'SUM(orders.total_amount)',
      filter: "orders.status <> 'cancelled'",
    },
    {
      kind: 'filter',
      name: 'active customer',
      synonyms: [],
      description: '',
      condition: "customers.signup_date >= '2025-01-01'",
    },
    { kind: 'synonym', name: 'client', synonyms: [], target: 'customers' },
    { kind: 'synonym', name: 'premium', synonyms: [], target: "customers.segment = 'Corporate'" },
    { kind: 'instruction', text: 'Round money to two decimals.', scope: 'answer' },
  ] as KnowledgeDefinitionBody[]
).map((b) => ({ ...b, ...DEFINITION_META }) as KnowledgeDefinition);

/** Questions that use the definitions: the metric as the measure with its filter, filters and synonyms as conditions. */
const SHOP_KNOWLEDGE_CASES: Case[] = [
  {
    question: 'What was the total revenue in 2024?',
    reference:
      "SELECT SUM(total_amount) FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01' AND status <> 'cancelled'",
  },
  {
    question: 'revenue per country',
    reference:
      "SELECT c.country, SUM(o.total_amount) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status <> 'cancelled' GROUP BY c.country",
  },
  {
    question: 'top 5 customers by revenue',
    reference:
      "SELECT c.first_name, c.last_name, SUM(o.total_amount) AS r FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status <> 'cancelled' GROUP BY c.customer_id ORDER BY r DESC LIMIT 5",
    ordered: true,
  },
  {
    question: 'revenue by month in 2025',
    reference:
      "SELECT strftime('%Y-%m', order_date) AS m, SUM(total_amount) FROM orders WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01' AND status <> 'cancelled' GROUP BY m ORDER BY m",
    ordered: true,
  },
  {
    question: 'revenue from premium clients',
    reference:
      "SELECT SUM(o.total_amount) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status <> 'cancelled' AND c.segment = 'Corporate'",
  },
  {
    question: 'which country has the highest revenue?',
    reference:
      "SELECT c.country, SUM(o.total_amount) AS r FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status <> 'cancelled' GROUP BY c.country ORDER BY r DESC LIMIT 1",
  },
  {
    question: 'how many active customers are there?',
    reference: "SELECT COUNT(*) FROM customers WHERE signup_date >= '2025-01-01'",
    answerHasCount: true,
  },
  {
    question: 'how many premium clients are in Germany?',
    reference: "SELECT COUNT(*) FROM customers WHERE segment = 'Corporate' AND country = 'Germany'",
    answerHasCount: true,
  },
].map((c) => ({ ...c, knowledge: SHOP_KNOWLEDGE }));

async function runCases(driver: DatabaseDriver, schema: DatabaseSchema, cases: Case[]): Promise<void> {
  const provider = new OfflineProvider();
  for (const c of cases) {
    const { sql, answerPlan } = await generate(provider, schema, c.question, c.knowledge);
    const actual = await driver.runRead(sql, READ);
    const expected = await driver.runRead(c.reference, READ);
    try {
      expectSameResult(actual, expected, c.ordered ?? false);
      if (c.answerHasCount) {
        const answer = await provider.writeAnswer({
          question: c.question,
          sql,
          answerPlan,
          columns: actual.columns,
          rows: actual.rows,
          rowCount: actual.rowCount,
          truncated: actual.truncated,
        });
        const n = Number(expected.rows[0][0]);
        expect(answer.text).toContain(n === 0 ? 'no ' : n.toLocaleString('en-US'));
      }
    } catch (e) {
      throw new Error(`"${c.question}"\n  offline SQL: ${sql}\n  ${(e as Error).message}`);
    }
  }
}

describe('offline engine over the sample shop database (real SQLite driver)', () => {
  let dir: string;
  let driver: DatabaseDriver;
  let schema: DatabaseSchema;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nlq-offline-'));
    const file = path.join(dir, 'shop.db');
    generateSampleDatabase(file, { seed: 42, scale: 0.2 });
    driver = createDriver(`sqlite://${file}`);
    await driver.connect();
    schema = await driver.introspect();
  }, 60_000);

  afterAll(async () => {
    await driver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${SHOP_CASES.length} questions with the same results as reference SQL`, async () => {
    await runCases(driver, schema, SHOP_CASES);
  });

  it(`answers ${SHOP_KNOWLEDGE_CASES.length} questions with business definitions with the same results as reference SQL`, async () => {
    await runCases(driver, schema, SHOP_KNOWLEDGE_CASES);
  });

  it(`answers ${SHOP_WIDER_CASES.length} questions of the wider shapes with the same results as reference SQL`, async () => {
    await runCases(driver, schema, SHOP_WIDER_CASES);
  });

  it(`answers ${SHOP_ISSUE8_CASES.length} questions (anti-join, having, typos, filler) with the same results as reference SQL`, async () => {
    await runCases(driver, schema, SHOP_ISSUE8_CASES);
  });

  it('asks which people are meant when customers, employees and suppliers all have a country, and each reading answers', async () => {
    const provider = new OfflineProvider();
    const asked = await ask(provider, schema, 'how many people are in Germany?').catch((e) => e);
    expect(asked).toBeInstanceOf(ClarificationNeededError);
    const questions = (asked as ClarificationNeededError).clarification.readings.map((r) => r.question);
    expect(questions).toEqual(
      expect.arrayContaining(['how many customers are in Germany?', 'how many employees are in Germany?']),
    );
    const sql = await ask(provider, schema, 'how many customers are in Germany?');
    expectSameResult(
      await driver.runRead(sql, READ),
      await driver.runRead(
        "SELECT COUNT(*) FROM customers c JOIN countries k ON k.country_id = c.country_id WHERE k.name = 'Germany'",
        READ,
      ),
      false,
    );
  });

  it('asks which orders "have not been shipped" means: a status other than shipped, or no shipped date', async () => {
    const provider = new OfflineProvider();
    const asked = await ask(provider, schema, 'Which orders have not been shipped?').catch((e) => e);
    expect(asked).toBeInstanceOf(ClarificationNeededError);
    const readings = (asked as ClarificationNeededError).clarification.readings;
    expect(readings).toHaveLength(2);
    // delivered orders were shipped too: the status reading keeps them, the date reading does not
    const byStatus = await driver.runRead(await ask(provider, schema, readings[0].question), READ);
    const byDate = await driver.runRead(await ask(provider, schema, readings[1].question), READ);
    expectSameResult(
      byStatus,
      await driver.runRead("SELECT * FROM orders WHERE status <> 'shipped' ORDER BY order_id LIMIT 1000", READ),
      false,
    );
    expectSameResult(
      byDate,
      await driver.runRead('SELECT * FROM orders WHERE shipped_at IS NULL ORDER BY order_id LIMIT 1000', READ),
      false,
    );
  });

  it('reads a stored value after "by" as a condition, never a grouping', async () => {
    await runCases(driver, schema, [
      {
        question: 'How many payments were made by PayPal?',
        reference: "SELECT COUNT(*) FROM payments WHERE payment_method = 'PayPal'",
        answerHasCount: true,
      },
      {
        question: 'how many shipments by DHL',
        reference: "SELECT COUNT(*) FROM shipments WHERE carrier = 'DHL'",
        answerHasCount: true,
      },
    ]);
  });

  it('finds orders last month: the sample history ends yesterday', async () => {
    const sql = await ask(new OfflineProvider(), schema, 'how many orders last month');
    const result = await driver.runRead(sql, READ);
    expect(Number(result.rows[0][0])).toBeGreaterThan(0);
  });

  it("answers a follow-up with the previous question's subject and filters", async () => {
    const provider = new OfflineProvider();
    const first = 'how many orders were shipped to Germany?';
    const sql = (
      await provider.generateSql({
        question: 'and to France?',
        dialect: 'sqlite',
        schema,
        examples: [],
        maxRows: MAX_ROWS,
        conversation: [{ question: first, sql: '', resultSummary: '' }],
      })
    ).sql;
    const actual = await driver.runRead(sql, READ);
    const expected = await driver.runRead(
      "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE o.status = 'shipped' AND c.country = 'France'",
      READ,
    );
    expectSameResult(actual, expected, false);
  });

  it('words the answers from the rows', async () => {
    const provider = new OfflineProvider();
    const { sql, answerPlan } = await generate(provider, schema, 'list customers in Canada');
    const result = await driver.runRead(sql, { maxRows: 10, timeoutMs: 5000 });
    const total = await driver.runRead("SELECT COUNT(*) FROM customers WHERE country = 'Canada'", READ);
    const text = (
      await provider.writeAnswer({
        question: 'list customers in Canada',
        sql,
        answerPlan,
        columns: result.columns,
        rows: result.rows,
        rowCount: result.rowCount,
        truncated: result.truncated,
      })
    ).text;
    const n = Number(total.rows[0][0]);
    expect(text).toMatch(
      n > 10
        ? /^Found more than 10 customers in Canada: [^,]+(, [^,]+){9} and at least 1 more\.$/
        : new RegExp(`^Found ${n} customers in Canada: `),
    );
    expect(sql).toMatch(/LIMIT 1000$/);
  });

  it.each(SHOP_REFUSALS)('refuses rather than guesses: %s', async (question) => {
    await expect(ask(new OfflineProvider(), schema, question)).rejects.toThrow(UnanswerableQuestionError);
  });

  it('writes a simple delete for approval (not executed here)', async () => {
    expect(await ask(new OfflineProvider(), schema, 'delete orders with status cancelled')).toBe(
      "DELETE FROM orders WHERE status = 'cancelled'",
    );
  });
});

/**
 * A private copy of a shared evaluation database, opened with the real SQLite driver and introspected before the
 * block's tests (nothing here can touch the shared file); closed and removed after. `db()` reads it in a test.
 */
function sharedCopy(source: string): () => { driver: DatabaseDriver; schema: DatabaseSchema } {
  let dir: string;
  let driver: DatabaseDriver;
  let schema: DatabaseSchema;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nlq-shared-'));
    const file = path.join(dir, path.basename(source));
    copyFileSync(source, file);
    driver = createDriver(`sqlite://${file}`);
    await driver.connect();
    schema = await driver.introspect();
  });
  afterAll(async () => {
    await driver?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => ({ driver, schema });
}

const CHINOOK = path.resolve(__dirname, '../../../../shared/eval/chinook_nss/database/chinook/chinook.sqlite');
const describeChinook = existsSync(CHINOOK) ? describe : describe.skip;
if (!existsSync(CHINOOK))
  console.warn(`offline-engine: Chinook database not found at ${CHINOOK}; skipping the Chinook questions`);

describeChinook('offline engine over Chinook (not tuned to one schema)', () => {
  const db = sharedCopy(CHINOOK);

  it(`answers ${CHINOOK_CASES.length} questions with the same results as reference SQL`, async () => {
    await runCases(db().driver, db().schema, CHINOOK_CASES);
  });

  it('asks back when "country" fits the invoice\'s billing country and its customer\'s country, and each reading answers', async () => {
    const provider = new OfflineProvider();
    const { driver, schema } = db();
    let asked: ClarificationNeededError | null = null;
    try {
      await ask(provider, schema, 'total sales per country');
    } catch (error) {
      if (!(error instanceof ClarificationNeededError)) throw error;
      asked = error;
    }
    expect(asked?.clarification.readings.length).toBeGreaterThanOrEqual(2);
    const references = new Map([
      ['BillingCountry', 'SELECT BillingCountry, SUM(Total) FROM Invoice GROUP BY BillingCountry'],
      [
        'Customer.Country',
        'SELECT c.Country, SUM(i.Total) FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId GROUP BY c.Country',
      ],
    ]);
    for (const [column, reference] of references) {
      const reading = asked?.clarification.readings.find(
        (r) => r.question.includes(column) || r.label.includes(column),
      );
      expect(reading).toBeDefined();
      const sql = await ask(provider, schema, reading!.question);
      expectSameResult(await driver.runRead(sql, READ), await driver.runRead(reference, READ), false);
    }
  });

  it("answers a follow-up with the previous question's subject and filters", async () => {
    const provider = new OfflineProvider();
    const conversation = [{ question: 'how many customers are in Brazil?', sql: '', resultSummary: '' }];
    const { driver, schema } = db();
    const { sql } = await provider.generateSql({
      question: 'and in Canada?',
      dialect: 'sqlite',
      schema,
      examples: [],
      maxRows: MAX_ROWS,
      conversation,
    });
    expectSameResult(
      await driver.runRead(sql, READ),
      await driver.runRead("SELECT COUNT(*) FROM Customer WHERE Country = 'Canada'", READ),
      false,
    );
  });
});

const GEOGRAPHY = path.resolve(__dirname, '../../../../shared/eval/text2sql_data/database/geography/geography.sqlite');
const describeGeography = existsSync(GEOGRAPHY) ? describe : describe.skip;
if (!existsSync(GEOGRAPHY))
  console.warn(`offline-engine: GeoQuery database not found at ${GEOGRAPHY}; skipping the geography questions`);

/** A schema without primary or foreign keys: rows are named by their name column, values shared by column name. */
const GEOGRAPHY_CASES: Case[] = [
  { question: 'what is the capital of texas', reference: "SELECT capital FROM state WHERE state_name = 'texas'" },
  { question: 'what is the area of new mexico', reference: "SELECT area FROM state WHERE state_name = 'new mexico'" },
  {
    question: 'what is the length of the mississippi',
    reference: "SELECT DISTINCT length FROM river WHERE river_name = 'mississippi'",
  },
  {
    question: 'which state has the largest area',
    reference: 'SELECT state_name FROM state WHERE area = (SELECT MAX(area) FROM state)',
  },
  {
    question: 'what is the largest state',
    reference: 'SELECT state_name FROM state WHERE area = (SELECT MAX(area) FROM state)',
  },
  {
    question: 'what state has the smallest population',
    reference: 'SELECT state_name FROM state WHERE population = (SELECT MIN(population) FROM state)',
  },
  {
    question: 'the longest river',
    reference: 'SELECT DISTINCT river_name FROM river WHERE length = (SELECT MAX(length) FROM river)',
  },
  {
    question: 'what is the tallest mountain',
    reference:
      'SELECT mountain_name FROM mountain WHERE mountain_altitude = (SELECT MAX(mountain_altitude) FROM mountain)',
  },
  {
    question: 'what texas city has the largest population',
    reference:
      "SELECT city_name FROM city WHERE state_name = 'texas' AND population = (SELECT MAX(population) FROM city WHERE state_name = 'texas')",
  },
  {
    question: 'the largest city in each state',
    reference:
      'SELECT c.state_name, c.city_name, c.population FROM city c WHERE c.population = (SELECT MAX(c2.population) FROM city c2 WHERE c2.state_name = c.state_name)',
  },
  { question: 'give me the cities in virginia', reference: "SELECT city_name FROM city WHERE state_name = 'virginia'" },
  {
    question: 'how many rivers are in iowa',
    reference: "SELECT COUNT(*) FROM river WHERE traverse = 'iowa'",
    answerHasCount: true,
  },
  { question: 'rivers longer than 3000', reference: 'SELECT river_name FROM river WHERE length > 3000' },
  {
    question: 'how many cities have population over 100000',
    reference: 'SELECT COUNT(*) FROM city WHERE population > 100000',
    answerHasCount: true,
  },
  {
    question: 'states with population greater than 5000000',
    reference: 'SELECT state_name FROM state WHERE population > 5000000',
  },
  {
    question: 'what is the average population of cities in texas',
    reference: "SELECT AVG(population) FROM city WHERE state_name = 'texas'",
  },
  // Keys inferred from column names, linking verbs, nested and size superlatives, definitions
  { question: 'which states border texas', reference: "SELECT border FROM border_info WHERE state_name = 'texas'" },
  { question: 'what rivers run through texas', reference: "SELECT river_name FROM river WHERE traverse = 'texas'" },
  {
    question: 'what is the capital of the largest state',
    reference: 'SELECT capital FROM state WHERE area = (SELECT MAX(area) FROM state)',
  },
  {
    question: 'what is the biggest city in arizona',
    reference:
      "SELECT city_name FROM city WHERE state_name = 'arizona' AND population = (SELECT MAX(population) FROM city WHERE state_name = 'arizona')",
  },
  { question: 'how many people live in texas', reference: "SELECT population FROM state WHERE state_name = 'texas'" },
  {
    question: 'how many lakes are there in each state',
    reference: 'SELECT state_name, COUNT(*) FROM lake GROUP BY state_name',
  },
  // value retrieval: city names are too many to list as samples, but introspection keeps them as known values
  { question: 'what is the population of boston', reference: "SELECT population FROM city WHERE city_name = 'boston'" },
  { question: 'which state is dallas in', reference: "SELECT state_name FROM city WHERE city_name = 'dallas'" },
  // an entity without a table of its own is named by its name column: "country" -> mountain.country_name
  {
    question: 'how many mountains are there per country',
    reference: 'SELECT country_name, COUNT(*) FROM mountain GROUP BY country_name',
  },
  // a WordNet synonym of a stored value: "the us" and "america" name the value usa
  {
    question: 'how many states are there in the us',
    reference: "SELECT COUNT(*) FROM state WHERE country_name = 'usa'",
    answerHasCount: true,
  },
  { question: 'list the lakes of america', reference: "SELECT lake_name FROM lake WHERE country_name = 'usa'" },
  // "named"/"called" puts the value in the name column of the table before it
  {
    question: 'which states have a city called springfield',
    reference: "SELECT state_name FROM city WHERE city_name = 'springfield'",
  },
  // keys read from the data: every river.traverse value is a state name, so rivers join states through it
  {
    question: 'what are the rivers in the state of alaska',
    reference: "SELECT river_name FROM river WHERE traverse = 'alaska'",
  },
  // "the <value> <table>" names the row, though "colorado river" is also stored as a lowest point
  {
    question: 'how long is the colorado river',
    reference: "SELECT DISTINCT length FROM river WHERE river_name = 'colorado'",
  },
  // a compound of two column names is right-headed: "population density" is the density
  {
    question: 'what is the population density of maine',
    reference: "SELECT density FROM state WHERE state_name = 'maine'",
  },
  {
    question: 'which state has the lowest population density',
    reference: 'SELECT state_name FROM state WHERE density = (SELECT MIN(density) FROM state)',
  },
  // a superlative across a join: the state of the shortest river (every state it crosses)
  {
    question: 'which state has the shortest river',
    reference: 'SELECT DISTINCT traverse FROM river WHERE length = (SELECT MIN(length) FROM river)',
  },
  // a name and a qualifier in one table: the city springfield of the state illinois
  {
    question: 'how many people live in springfield illinois',
    reference: "SELECT population FROM city WHERE city_name = 'springfield' AND state_name = 'illinois'",
  },
  // "highest" of a table with one height-like measure
  {
    question: 'what is the highest mountain in the us',
    reference:
      "SELECT mountain_name FROM mountain WHERE country_name = 'usa' AND mountain_altitude = (SELECT MAX(mountain_altitude) FROM mountain WHERE country_name = 'usa')",
  },
];

const GEOGRAPHY_REFUSALS = [
  // the city called New York, or cities in the state of New York?
  'what is the population of new york city',
  'where are mountains',
  // a count of rivers in a state chosen by a ranking: nested, not a shape the engine knows
  'how many rivers are in the state with the largest population',
  // capitals are near-unique names, not groups to add populations over
  'what capital has the largest population',
  // the population of which of two tables' rows? (a nested lookup)
  'how many people live in the capital of texas',
];

describeGeography('offline engine over GeoQuery (no keys at all)', () => {
  const db = sharedCopy(GEOGRAPHY);

  it(`answers ${GEOGRAPHY_CASES.length} questions with the same results as reference SQL`, async () => {
    await runCases(db().driver, db().schema, GEOGRAPHY_CASES);
  });

  it.each(GEOGRAPHY_REFUSALS)('refuses rather than guesses: %s', async (question) => {
    await expect(ask(new OfflineProvider(), db().schema, question)).rejects.toThrow(UnanswerableQuestionError);
  });

  it('words a lookup and a superlative from the rows', async () => {
    const { driver, schema } = db();
    const provider = new OfflineProvider();
    const say = async (question: string) => {
      const { sql, answerPlan } = await generate(provider, schema, question);
      const r = await driver.runRead(sql, READ);
      return (
        await provider.writeAnswer({
          question,
          sql,
          answerPlan,
          columns: r.columns,
          rows: r.rows,
          rowCount: r.rowCount,
          truncated: r.truncated,
        })
      ).text;
    };
    expect(await say('what is the capital of texas')).toBe('The capital of texas is austin.');
    expect(await say('which state has the largest area')).toBe('The state with the highest area is alaska.');
  });
});

/** The schemas of defog sql-eval's databases declare no keys and abbreviate them (aid, pid) or spell them out. */
const DEFOG = path.resolve(__dirname, '../../../../shared/eval/defog/database');
const DEFOG_CASES: Record<string, Case[]> = {
  // keys inferred from abbreviations: publication.cid -> conference.cid, writes(aid, pid)
  academic: [
    {
      question: 'number of publications per conference',
      reference: 'SELECT c.name, COUNT(*) FROM publication p JOIN conference c ON c.cid = p.cid GROUP BY c.name',
    },
    {
      question: 'how many publications does each journal have',
      reference: 'SELECT j.name, COUNT(*) FROM publication p JOIN journal j ON j.jid = p.jid GROUP BY j.name',
    },
    // a stored count (citation_num) is named by what it counts, even inside "the highest number of"
    {
      question: 'which 3 publications have the highest number of citations',
      reference: 'SELECT title FROM publication ORDER BY citation_num DESC LIMIT 3',
      ordered: true,
    },
  ],
  // a duration between the start and end dates of a row
  derm_treatment: [
    {
      question: 'what is the average number of days between start and end of treatments',
      reference: 'SELECT AVG(julianday(end_dt) - julianday(start_dt)) FROM treatments',
    },
  ],
  // a table of counted events: check-ins are added up from checkin.count; "check-ins" is the table written in parts
  yelp: [
    {
      question: 'how many check-ins does each business id have',
      reference: 'SELECT business_id, SUM(count) FROM checkin GROUP BY business_id',
    },
    // months stored as names sort in calendar order
    {
      question: 'number of reviews in each month',
      reference:
        "SELECT month, COUNT(*) FROM review GROUP BY month ORDER BY CASE TRIM(month) WHEN 'January' THEN 1 WHEN 'February' THEN 2 WHEN 'March' THEN 3 WHEN 'April' THEN 4 WHEN 'May' THEN 5 WHEN 'June' THEN 6 WHEN 'July' THEN 7 WHEN 'August' THEN 8 WHEN 'September' THEN 9 WHEN 'October' THEN 10 WHEN 'November' THEN 11 WHEN 'December' THEN 12 END, month",
      ordered: true,
    },
  ],
  // keys written run together (paperid, venueid) link papers to their venues
  scholar: [
    {
      question: 'list the papers with their venue name',
      reference: 'SELECT p.*, v.venuename FROM paper p JOIN venue v ON v.venueid = p.venueid',
    },
    // a count through a bridge table counts each paper once (by its own key); a calendar group in time order
    {
      question: 'how many papers are associated with each dataset',
      reference:
        'SELECT d.datasetname, COUNT(DISTINCT p.paperid) FROM paper p JOIN paperdataset pd ON pd.paperid = p.paperid JOIN dataset d ON d.datasetid = pd.datasetid GROUP BY d.datasetid',
    },
    {
      question: 'number of papers in each year',
      reference: 'SELECT year, COUNT(*) FROM paper GROUP BY year ORDER BY year',
      ordered: true,
    },
  ],
  // a key shared by several tables belongs to the one it is named after
  advising: [{ question: 'list the student ids', reference: 'SELECT student_id FROM student' }],
  // restaurant.id <- location.restaurant_id; city names and street names are known values, not samples
  restaurants: [
    {
      question: 'restaurants on Market St',
      reference:
        "SELECT r.name FROM restaurant r JOIN location l ON l.restaurant_id = r.id WHERE l.street_name = 'Market St'",
    },
    {
      question: 'how many restaurants are there in each city',
      reference: 'SELECT city_name, COUNT(*) FROM restaurant GROUP BY city_name',
    },
    // a ratio of the rows meeting a condition to all rows
    {
      question: 'what is the ratio of restaurants rated above 4 to all restaurants',
      reference: 'SELECT 1.0 * SUM(CASE WHEN rating > 4 THEN 1 ELSE 0 END) / COUNT(*) FROM restaurant',
    },
    // a stored name after "how many" counts the rows it names
    {
      question: 'how many The Seafood Shack are there',
      reference: "SELECT COUNT(*) FROM restaurant WHERE name = 'The Seafood Shack'",
      answerHasCount: true,
    },
  ],
};

describe.each(Object.keys(DEFOG_CASES))('offline engine over defog %s (no declared keys)', (db) => {
  const source = path.join(DEFOG, db, `${db}.sqlite`);
  if (!existsSync(source)) {
    console.warn(`offline-engine: ${source} not found; skipping the ${db} questions`);
    it.skip(`answers questions over ${db} (no data)`, () => undefined);
    return;
  }
  const copy = sharedCopy(source);

  it('answers with the same results as reference SQL', async () => {
    await runCases(copy().driver, copy().schema, DEFOG_CASES[db]);
  });
});

describe('offline engine over a table whose columns were declared without types (a CSV import)', () => {
  let dir: string;
  let driver: DatabaseDriver;
  let schema: DatabaseSchema;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nlq-typeless-'));
    const file = path.join(dir, 'import.db');
    // writes open the file read-write (and create it); a read-only connect would not
    const writer = createDriver(`sqlite://${file}`);
    await writer.runWrite('CREATE TABLE members (member_id, full_name, city, age, joined)', { timeoutMs: 5000 });
    await writer.runWrite(
      "INSERT INTO members VALUES (1, 'Ann Lee', 'Leeds', 31, '2024-01-05'), (2, 'Bo Hart', 'York', 45, '2023-11-30'), " +
        "(3, 'Cy Moss', 'Leeds', 27, '2022-02-01'), (4, 'Di Park', 'Hull', 52, '2025-06-15')",
      { timeoutMs: 5000 },
    );
    await writer.close();
    driver = createDriver(`sqlite://${file}`);
    await driver.connect();
    schema = await driver.introspect();
  });

  afterAll(async () => {
    await driver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds their stored values and compares their numbers and dates like declared columns', async () => {
    await runCases(driver, schema, [
      { question: 'How many members are in Leeds?', reference: "SELECT COUNT(*) FROM members WHERE city = 'Leeds'" },
      { question: 'members with an age over 40', reference: 'SELECT full_name FROM members WHERE age > 40' },
      { question: 'average age of members per city', reference: 'SELECT city, AVG(age) FROM members GROUP BY city' },
    ]);
  });
});
