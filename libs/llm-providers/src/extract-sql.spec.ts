import { cannotAnswerReason, extractSql, stripThinking } from './extract-sql';

describe('extractSql', () => {
  const cases: Array<[string, string, string]> = [
    ['plain statement', 'SELECT id FROM customers', 'SELECT id FROM customers'],
    ['trailing semicolon', 'SELECT id FROM customers;', 'SELECT id FROM customers'],
    [
      'sql fence',
      'Here you go:\n```sql\nSELECT c.name\nFROM customers c\nLIMIT 5;\n```\nThis lists five customers.',
      'SELECT c.name\nFROM customers c\nLIMIT 5',
    ],
    ['untagged fence', '```\nSELECT count(*) FROM orders\n```', 'SELECT count(*) FROM orders'],
    ['upper-case SQL fence tag', '```SQL\nSELECT 1\n```', 'SELECT 1'],
    ['unclosed fence (reply cut off)', '```sql\nSELECT o.id FROM orders o', 'SELECT o.id FROM orders o'],
    ['python fence before sql fence', '```python\nprint(1)\n```\n```sql\nSELECT 2\n```', 'SELECT 2'],
    ['fence without tag after prose fence', '```text\nnot sql\n```\n```\nSELECT a FROM b\n```', 'SELECT a FROM b'],
    [
      'multi-statement fence kept whole for the checker',
      '```sql\nSELECT 1;\nDROP TABLE users;\n```',
      'SELECT 1;\nDROP TABLE users',
    ],
    [
      'chatty with colon',
      'Here is the query: SELECT name FROM products WHERE price > 10',
      'SELECT name FROM products WHERE price > 10',
    ],
    [
      'chatty with trailing explanation after semicolon',
      'Sure! The query is:\n\nSELECT p.name, p.price FROM products p ORDER BY p.price DESC LIMIT 3;\n\nThis returns the three most expensive products.',
      'SELECT p.name, p.price FROM products p ORDER BY p.price DESC LIMIT 3',
    ],
    [
      'trailing explanation without semicolon',
      'SELECT c.country, COUNT(*) AS n\nFROM customers c\nGROUP BY c.country\nThis query counts customers in each country.',
      'SELECT c.country, COUNT(*) AS n\nFROM customers c\nGROUP BY c.country',
    ],
    [
      'trailing Markdown explanation after blank line',
      'SELECT o.id\nFROM orders o\n\n**Explanation:** it selects ids.',
      'SELECT o.id\nFROM orders o',
    ],
    ['SQL: prefix', 'SQL: SELECT * FROM t', 'SELECT * FROM t'],
    ['SQL: prefix on its own line', 'SQL:\nSELECT a.x FROM a', 'SELECT a.x FROM a'],
    ['SQL: prefix inside a fence', '```\nSQL: SELECT 1\n```', 'SELECT 1'],
    [
      'think block first',
      '<think>The user wants SELECT of all rows. Maybe FROM t.</think>\n```sql\nSELECT * FROM t\n```',
      'SELECT * FROM t',
    ],
    ['think block with chatty answer', '<think>\nplan\n</think>\n\nThe query: SELECT 1 AS one', 'SELECT 1 AS one'],
    [
      'stray closing think tag',
      'reasoning without an opening tag SELECT nothing FROM here</think>SELECT b FROM c',
      'SELECT b FROM c',
    ],
    ['unclosed think block', '<think>I should SELECT id FROM users but let me think more', ''],
    [
      'CTE',
      'WITH totals AS (SELECT customer_id, SUM(total) AS s FROM orders GROUP BY customer_id)\nSELECT t.s FROM totals t',
      'WITH totals AS (SELECT customer_id, SUM(total) AS s FROM orders GROUP BY customer_id)\nSELECT t.s FROM totals t',
    ],
    ['semicolon inside a string literal', "SELECT 'a;b' AS x FROM t; -- done", "SELECT 'a;b' AS x FROM t"],
    ['inline backticks', 'You can run `SELECT COUNT(*) FROM orders` to count them.', 'SELECT COUNT(*) FROM orders'],
    ['MySQL backtick identifiers kept', 'SELECT `name` FROM `users`', 'SELECT `name` FROM `users`'],
    [
      'write statement',
      "UPDATE products SET price = price * 1.1 WHERE category = 'Books';",
      "UPDATE products SET price = price * 1.1 WHERE category = 'Books'",
    ],
    [
      'delete statement',
      'Here it is:\nDELETE FROM sessions WHERE expired = 1',
      'DELETE FROM sessions WHERE expired = 1',
    ],
    ['insert statement', "INSERT INTO tags (name) VALUES ('new')", "INSERT INTO tags (name) VALUES ('new')"],
    ['T-SQL TOP', 'SELECT TOP (10) name FROM dbo.customers', 'SELECT TOP (10) name FROM dbo.customers'],
    [
      'column named deleted_at stays in a select',
      'SELECT u.deleted_at FROM users u',
      'SELECT u.deleted_at FROM users u',
    ],
    [
      'select list with a capitalised alias line is not prose',
      'SELECT\n  c.name,\n  o.total\nFROM\n  Customers c\nJOIN orders o ON o.customer_id = c.id',
      'SELECT\n  c.name,\n  o.total\nFROM\n  Customers c\nJOIN orders o ON o.customer_id = c.id',
    ],
    [
      'leading comment line skipped',
      '-- top customers\nSELECT c.name FROM customers c',
      'SELECT c.name FROM customers c',
    ],
    [
      'comment inside the statement kept',
      'SELECT c.name -- the name\nFROM customers c',
      'SELECT c.name -- the name\nFROM customers c',
    ],
    [
      'capitalised English "Select" is not SQL',
      'Select the customers from Germany first.\nSELECT c.name FROM customers c',
      'SELECT c.name FROM customers c',
    ],
    [
      'lower-case SQL',
      'select c.name from customers c where c.id = 1',
      'select c.name from customers c where c.id = 1',
    ],
    ['capitalised SQL inside a fence', '```\nSelect * From t\n```', 'Select * From t'],
    [
      'sentence continues on the same line',
      "The answer is: SELECT n.name FROM notes n WHERE n.body = 'It''s fine. Really.'. This lists the names.",
      "SELECT n.name FROM notes n WHERE n.body = 'It''s fine. Really.'",
    ],
    ['sentence-ending period', 'You can use SELECT COUNT(*) FROM orders.', 'SELECT COUNT(*) FROM orders'],
    [
      'decimal and qualified names are not periods',
      'SELECT p.price * 1.5 FROM products p',
      'SELECT p.price * 1.5 FROM products p',
    ],
    ['numbered list after the statement', 'SELECT a FROM t\n1. Selects a\n2. From t', 'SELECT a FROM t'],
    ['English "select" is not SQL', 'I cannot select the right table for this question, sorry.', ''],
    ['no SQL at all', 'I am not sure what you mean.', ''],
    ['CANNOT_ANSWER', 'CANNOT_ANSWER: there is no salary column', ''],
    ['CANNOT_ANSWER after think', '<think>no table</think>CANNOT_ANSWER: no employees table', ''],
    ['empty', '', ''],
  ];

  it.each(cases)('%s', (_name, reply, expected) => {
    expect(extractSql(reply)).toBe(expected);
  });
});

describe('stripThinking', () => {
  it('removes closed, stray-closed and unclosed reasoning blocks', () => {
    expect(stripThinking('<think>a</think>b<thinking>c</thinking>d')).toBe('bd');
    expect(stripThinking('reasoning</think>answer')).toBe('answer');
    expect(stripThinking('answer<think>cut off')).toBe('answer');
  });
});

describe('cannotAnswerReason', () => {
  it('reads the reason after the marker, also in bold, fences and after reasoning', () => {
    expect(cannotAnswerReason('CANNOT_ANSWER: no salary column')).toBe('no salary column');
    expect(cannotAnswerReason('**CANNOT_ANSWER**: no table for weather')).toBe('no table for weather');
    expect(cannotAnswerReason('<think>x</think>\n```\nCANNOT_ANSWER - missing data\n```')).toBe('missing data');
    expect(cannotAnswerReason('CANNOT_ANSWER')).toBe('no reason given');
  });

  it('is null for SQL and for prose that merely mentions the marker later', () => {
    expect(cannotAnswerReason('SELECT 1')).toBeNull();
    expect(cannotAnswerReason('If unsure I would say CANNOT_ANSWER')).toBeNull();
  });
});
