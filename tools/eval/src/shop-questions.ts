/**
 * A shop manager's first 30 questions on nlq's own sample database (libs/sample-db, seed 42, history ending
 * 2026-01-01), with reference SQL: the "shop manager" measure (`npm run eval -- --set shop`). Written here
 * for nlq's sample schema (not taken from any public question set); `context` holds the earlier questions of the
 * same session that a follow-up builds on. Several gold alternatives are accepted where a manager's words allow
 * more than one faithful SQL, or where an answer naming the thing also shows its figure (the count, the price).
 */
export interface ShopQuestion {
  question: string;
  goldSql: string[];
  /** Questions asked before, in the same session (a follow-up's context). */
  context?: string[];
}

const YEAR_2025 = "order_date >= '2025-01-01' AND order_date < '2026-01-01'";

export const SHOP_QUESTIONS: readonly ShopQuestion[] = [
  { question: 'How many customers do we have?', goldSql: ['SELECT COUNT(*) FROM customers'] },
  { question: 'How many orders were placed in 2025?', goldSql: [`SELECT COUNT(*) FROM orders WHERE ${YEAR_2025}`] },
  {
    question: 'What is the total amount of orders placed in 2025?',
    goldSql: [`SELECT SUM(total_amount) FROM orders WHERE ${YEAR_2025}`],
  },
  {
    question: 'How many orders came from the web channel?',
    goldSql: ["SELECT COUNT(*) FROM orders WHERE channel = 'web'"],
  },
  {
    question: 'How many orders are there per status?',
    goldSql: ['SELECT status, COUNT(*) FROM orders GROUP BY status'],
  },
  {
    question: 'Which products are out of stock?',
    goldSql: ['SELECT name FROM products WHERE stock_quantity = 0', 'SELECT * FROM products WHERE stock_quantity = 0'],
  },
  {
    question: 'Total payments by payment method',
    goldSql: ['SELECT payment_method, SUM(amount) FROM payments GROUP BY payment_method'],
  },
  {
    question: 'Which customers spent more than 1000 in total?',
    goldSql: [
      'SELECT c.first_name, c.last_name, SUM(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING SUM(o.total_amount) > 1000',
      'SELECT c.first_name, c.last_name FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING SUM(o.total_amount) > 1000',
    ],
  },
  {
    question: 'What is the average salary by job title?',
    goldSql: ['SELECT title, AVG(salary) FROM employees GROUP BY title'],
  },
  {
    question: 'Web orders over 500 in 2025',
    goldSql: [
      `SELECT * FROM orders WHERE channel = 'web' AND total_amount > 500 AND ${YEAR_2025}`,
      `SELECT order_id FROM orders WHERE channel = 'web' AND total_amount > 500 AND ${YEAR_2025}`,
    ],
  },
  { question: 'How many reviews are there?', goldSql: ['SELECT COUNT(*) FROM reviews'] },
  {
    question: 'and how many have a rating of 5?',
    context: ['How many reviews are there?'],
    goldSql: ['SELECT COUNT(*) FROM reviews WHERE rating = 5'],
  },
  {
    question: 'What are the top 5 products by quantity sold?',
    goldSql: [
      'SELECT p.name, SUM(oi.quantity) FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.product_id ORDER BY SUM(oi.quantity) DESC LIMIT 5',
    ],
  },
  {
    question: 'Which category has the most products?',
    goldSql: [
      'SELECT c.name FROM categories c JOIN products p ON p.category_id = c.category_id GROUP BY c.category_id ORDER BY COUNT(*) DESC LIMIT 1',
      'SELECT c.name, COUNT(*) FROM categories c JOIN products p ON p.category_id = c.category_id GROUP BY c.category_id ORDER BY COUNT(*) DESC LIMIT 1',
    ],
  },
  {
    question: 'Which country has the most customers?',
    goldSql: [
      'SELECT country FROM customers GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1',
      'SELECT country, COUNT(*) FROM customers GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1',
    ],
  },
  {
    question: 'What is the average order amount per channel?',
    goldSql: ['SELECT channel, AVG(total_amount) FROM orders GROUP BY channel'],
  },
  {
    question: 'Who are the top 10 customers by total spend?',
    goldSql: [
      'SELECT c.first_name, c.last_name, SUM(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id ORDER BY SUM(o.total_amount) DESC LIMIT 10',
    ],
  },
  {
    question: 'How many employees are there in each country?',
    goldSql: ['SELECT country, COUNT(*) FROM employees GROUP BY country'],
  },
  {
    question: 'Which supplier supplies the most products?',
    goldSql: [
      'SELECT s.name FROM suppliers s JOIN products p ON p.supplier_id = s.supplier_id GROUP BY s.supplier_id ORDER BY COUNT(*) DESC LIMIT 1',
      'SELECT s.name, COUNT(*) FROM suppliers s JOIN products p ON p.supplier_id = s.supplier_id GROUP BY s.supplier_id ORDER BY COUNT(*) DESC LIMIT 1',
    ],
  },
  {
    question: 'What is the total shipping cost per carrier?',
    goldSql: ['SELECT carrier, SUM(shipping_cost) FROM shipments GROUP BY carrier'],
  },
  {
    question: 'How many products have been discontinued?',
    goldSql: ['SELECT COUNT(*) FROM products WHERE discontinued_at IS NOT NULL'],
  },
  {
    question: 'What is the most expensive product?',
    goldSql: [
      'SELECT name FROM products ORDER BY unit_price DESC LIMIT 1',
      'SELECT name, unit_price FROM products ORDER BY unit_price DESC LIMIT 1',
      'SELECT product_id, name, unit_price FROM products ORDER BY unit_price DESC LIMIT 1',
    ],
  },
  {
    question: 'How many customers signed up in 2025?',
    goldSql: ["SELECT COUNT(*) FROM customers WHERE signup_date >= '2025-01-01' AND signup_date < '2026-01-01'"],
  },
  {
    question: 'What is the best-selling product in each category?',
    goldSql: [
      'WITH s AS (SELECT p.category_id, p.name, SUM(oi.quantity) AS q FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.product_id), m AS (SELECT category_id, MAX(q) AS q FROM s GROUP BY category_id) SELECT c.name, s.name FROM s JOIN m ON m.category_id = s.category_id AND m.q = s.q JOIN categories c ON c.category_id = s.category_id',
      'WITH s AS (SELECT p.category_id, p.name, SUM(oi.quantity) AS q FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.product_id), m AS (SELECT category_id, MAX(q) AS q FROM s GROUP BY category_id) SELECT c.name, s.name, s.q FROM s JOIN m ON m.category_id = s.category_id AND m.q = s.q JOIN categories c ON c.category_id = s.category_id',
    ],
  },
  {
    question: 'Which products have an average rating below 3?',
    goldSql: [
      'SELECT p.name FROM products p JOIN reviews r ON r.product_id = p.product_id GROUP BY p.product_id HAVING AVG(r.rating) < 3',
      'SELECT p.name, AVG(r.rating) FROM products p JOIN reviews r ON r.product_id = p.product_id GROUP BY p.product_id HAVING AVG(r.rating) < 3',
    ],
  },
  {
    question: 'How many orders took more than 7 days to deliver?',
    goldSql: ['SELECT COUNT(*) FROM orders WHERE julianday(delivered_at) - julianday(order_date) > 7'],
  },
  {
    question: 'How many customers placed more than one order?',
    goldSql: ['SELECT COUNT(*) FROM (SELECT customer_id FROM orders GROUP BY customer_id HAVING COUNT(*) > 1)'],
  },
  {
    question: 'What is the average rating of products in the Electronics category?',
    goldSql: [
      "SELECT AVG(r.rating) FROM reviews r JOIN products p ON p.product_id = r.product_id JOIN categories c ON c.category_id = p.category_id WHERE c.name = 'Electronics'",
    ],
  },
  {
    question: 'How many orders did each employee handle?',
    goldSql: [
      'SELECT e.first_name, e.last_name, COUNT(*) FROM employees e JOIN orders o ON o.employee_id = e.employee_id GROUP BY e.employee_id',
    ],
  },
  { question: 'What is the average discount on order items?', goldSql: ['SELECT AVG(discount) FROM order_items'] },
];
