import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { UnanswerableQuestionError, ProviderResponseError } from './errors';
import {
  buildAnswerPrompt,
  buildSqlPrompt,
  interpretAnswerReply,
  interpretSqlReply,
  renderTableSchema,
} from './prompt';
import type { SqlGenerationRequest } from './provider';

const schema: DatabaseSchema = {
  dialect: 'postgresql',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'v1',
  tables: [
    {
      name: 'customers',
      schema: 'shop',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      comment: 'People who\nbought something',
      rowCount: 1200,
      columns: [
        { name: 'id', type: 'integer', nullable: false, primaryKey: true },
        { name: 'name', type: 'text', nullable: false, primaryKey: false, comment: 'Full name' },
        {
          name: 'country',
          type: 'character varying(2)',
          nullable: true,
          primaryKey: false,
          sampleValues: ['DE', "C'te", 'FR'],
        },
      ],
    },
    {
      name: 'order_lines',
      kind: 'table',
      primaryKey: ['order_id', 'line_no'],
      foreignKeys: [
        { columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] },
        { columns: ['order_id', 'shop_id'], referencedTable: 'orders', referencedColumns: ['id', 'shop_id'] },
      ],
      columns: [
        { name: 'order_id', type: 'integer', nullable: false, primaryKey: true },
        { name: 'line_no', type: 'integer', nullable: false, primaryKey: true },
        { name: 'shop_id', type: 'integer', nullable: false, primaryKey: false },
        { name: 'customer_id', type: 'integer', nullable: true, primaryKey: false },
      ],
    },
    {
      name: 'big_sellers',
      kind: 'view',
      primaryKey: [],
      foreignKeys: [],
      columns: [
        {
          name: 'label',
          type: 'text',
          nullable: true,
          primaryKey: false,
          sampleValues: Array.from({ length: 20 }, (_, i) => `v${i}`),
        },
      ],
    },
  ],
};

function request(dialect: Dialect, extra: Partial<SqlGenerationRequest> = {}): SqlGenerationRequest {
  return { question: 'Which customers live in Germany?', dialect, schema, examples: [], maxRows: 50, ...extra };
}

describe('renderTableSchema', () => {
  it('renders columns with types, keys, comments and sample values like CREATE TABLE', () => {
    expect(renderTableSchema(schema.tables[0])).toBe(
      [
        'CREATE TABLE shop.customers ( -- People who bought something; about 1200 rows',
        '  id integer PRIMARY KEY,',
        '  name text NOT NULL, -- Full name',
        "  country character varying(2) -- values: 'DE', 'C''te', 'FR'",
        ');',
      ].join('\n'),
    );
  });

  it('renders composite primary and foreign keys as table constraints', () => {
    const text = renderTableSchema(schema.tables[1]);
    expect(text).toContain('  customer_id integer REFERENCES customers(id),');
    expect(text).toContain('  PRIMARY KEY (order_id, line_no),');
    expect(text).toContain('  FOREIGN KEY (order_id, shop_id) REFERENCES orders(id, shop_id)\n);');
  });

  it('marks views and shows at most 12 sample values', () => {
    const text = renderTableSchema(schema.tables[2]);
    expect(text.startsWith('CREATE VIEW big_sellers (')).toBe(true);
    expect(text).toContain("'v11', ...");
    expect(text).not.toContain("'v12'");
  });
});

describe('buildSqlPrompt', () => {
  it('states the read-only, qualification, limit and CANNOT_ANSWER rules for the dialect', () => {
    const { system, user } = buildSqlPrompt(request('postgresql'));
    expect(system).toContain('PostgreSQL');
    expect(system).toMatch(/read-only query/);
    expect(system).toMatch(/clearly asks to change data/);
    expect(system).toMatch(/Qualify every column/);
    expect(system).toContain('LIMIT 50');
    expect(system).toContain('"CANNOT_ANSWER: <short reason>"');
    expect(user).toContain('CREATE TABLE shop.customers');
    expect(user.trim().endsWith('Question: Which customers live in Germany?')).toBe(true);
  });

  it('uses each dialect’s row-limit syntax and identifier quoting', () => {
    const tsql = buildSqlPrompt(request('transactsql')).system;
    expect(tsql).toContain('TOP (50)');
    expect(tsql).toContain('no LIMIT');
    expect(tsql).toContain('square brackets');
    expect(buildSqlPrompt(request('mysql')).system).toContain('backticks');
    expect(buildSqlPrompt(request('sqlite')).system).toContain('LIMIT 50');
    expect(buildSqlPrompt(request('snowflake')).system).toContain('Snowflake');
  });

  it('includes few-shot examples and, on a correction attempt, the previous SQL and its error', () => {
    const { user } = buildSqlPrompt(
      request('sqlite', {
        examples: [{ question: 'How many customers?', sql: 'SELECT COUNT(*) FROM customers' }],
        previousAttempt: { sql: 'SELECT nme FROM customers', error: 'no such column: nme' },
      }),
    );
    expect(user).toContain('Question: How many customers?\n```sql\nSELECT COUNT(*) FROM customers\n```');
    expect(user).toContain(
      'Your previous SQL for this question failed:\n```sql\nSELECT nme FROM customers\n```\nError: no such column: nme',
    );
    expect(user.indexOf('Examples')).toBeLessThan(user.indexOf('previous SQL'));
    expect(user.indexOf('previous SQL')).toBeLessThan(user.lastIndexOf('Question: Which customers'));
  });
});

describe('buildAnswerPrompt', () => {
  it('shows question, SQL and rows as a compact table and forbids invented numbers', () => {
    const when = new Date('2025-03-01T10:00:00.000Z');
    const { system, user } = buildAnswerPrompt({
      question: 'Top customers?',
      sql: 'SELECT name, total, seen FROM t',
      columns: ['name', 'total', 'seen'],
      rows: [
        ['Ann | Co', 12.5, when],
        ['Bob', null, when],
      ],
      rowCount: 2,
      truncated: false,
    });
    expect(system).toMatch(/Never invent/);
    expect(system).toMatch(/short sentences/);
    expect(user).toContain('Question: Top customers?');
    expect(user).toContain('SELECT name, total, seen FROM t');
    expect(user).toContain('Result: 2 rows.');
    expect(user).toContain(
      '| name | total | seen |\n|---|---|---|\n| Ann \\| Co | 12.5 | 2025-03-01T10:00:00.000Z |\n| Bob | NULL |',
    );
  });

  it('writes the numbers as the table shows them and asks for every row up to twelve and "so far" kept', () => {
    const { system, user } = buildAnswerPrompt({
      question: 'Revenue per year?',
      sql: 'SELECT year, revenue FROM t',
      columns: ['year', 'revenue', 'orders'],
      rows: [
        [2025, '241800', 1200],
        ['2026 so far', 1500.5, 3],
      ],
      rowCount: 2,
      truncated: false,
    });
    expect(user).toContain('| 2025 | $241,800.00 | 1,200 |\n| 2026 so far | $1,500.50 | 3 |');
    expect(system).toMatch(/as the result table writes it/);
    expect(system).toMatch(/at most 12 rows/);
    expect(system).toMatch(/"so far"/);
  });

  it('says when only part of the result is shown and caps rows and cell width', () => {
    const rows = Array.from({ length: 80 }, (_, i) => [i, 'x'.repeat(200)]);
    const { user } = buildAnswerPrompt({
      question: 'q',
      sql: 'SELECT 1',
      columns: ['i', 's'],
      rows,
      rowCount: 500,
      truncated: true,
    });
    expect(user).toContain('Result: 500 or more rows; the first 50 are shown.');
    expect(user).toContain('| 49 |');
    expect(user).not.toContain('| 50 |');
    expect(user).not.toContain('x'.repeat(81));
  });
});

describe('interpreting replies', () => {
  it('turns CANNOT_ANSWER into UnanswerableQuestionError and SQL into a result', () => {
    expect(() => interpretSqlReply('CANNOT_ANSWER: no weather table', null)).toThrow(UnanswerableQuestionError);
    expect(() => interpretSqlReply('CANNOT_ANSWER: no weather table', null)).toThrow(/no weather table/);
    expect(interpretSqlReply('```sql\nSELECT 1\n```', { prompt: 3, completion: 2 })).toEqual({
      sql: 'SELECT 1',
      raw: '```sql\nSELECT 1\n```',
      tokens: { prompt: 3, completion: 2 },
    });
    expect(interpretSqlReply('I do not know.', null).sql).toBe('');
  });

  it('strips reasoning from answers and refuses an empty one', () => {
    expect(interpretAnswerReply('<think>hmm</think> Ten. ', null, 'X').text).toBe('Ten.');
    expect(() => interpretAnswerReply('<think>only thinking', null, 'Ollama at http://h')).toThrow(
      ProviderResponseError,
    );
  });
});

describe('business definitions in the prompts', () => {
  const meta = {
    connection_id: 'c',
    version: 1,
    created_at: '',
    updated_at: '',
    updated_by: 's',
    deleted: false,
    status: 'active' as const,
  };
  const knowledge = [
    {
      ...meta,
      id: 'r',
      kind: 'metric' as const,
      name: 'revenue',
      synonyms: [],
      description: '',
      expression: 'SUM(orders.total_amount)',
      filter: "orders.status <> 'cancelled'",
    },
    {
      ...meta,
      id: 'f',
      kind: 'filter' as const,
      name: 'good restaurant',
      synonyms: [],
      description: '',
      condition: 'restaurant.rating > 2.5',
    },
    { ...meta, id: 's', kind: 'synonym' as const, name: 'online', synonyms: [], target: "orders.channel = 'web'" },
    { ...meta, id: 'i', kind: 'instruction' as const, text: 'Never count test orders.', scope: 'sql' as const },
    { ...meta, id: 'a', kind: 'instruction' as const, text: 'Round money to two decimals.', scope: 'answer' as const },
  ];
  const schema: DatabaseSchema = { dialect: 'sqlite', version: 'v', tables: [], introspectedAt: '' };

  it('lists the metrics, filters, synonyms and sql instructions with the rule, and the answer instructions in the answer prompt', () => {
    const { user } = buildSqlPrompt({
      question: 'revenue?',
      dialect: 'sqlite',
      schema,
      examples: [],
      maxRows: 10,
      knowledge,
    });
    expect(user).toContain('Business definitions you must follow:');
    expect(user).toContain(
      `- metric "revenue": SUM(orders.total_amount), only rows where orders.status <> 'cancelled'`,
    );
    expect(user).toContain('- filter "good restaurant": restaurant.rating > 2.5');
    expect(user).toContain(`- synonym "online" -> orders.channel = 'web'`);
    expect(user).toContain('- instruction: Never count test orders.');
    expect(user).toContain('must use exactly its expression');
    expect(user).not.toContain('Round money');
    const answer = buildAnswerPrompt({
      question: 'q',
      sql: 'SELECT 1',
      columns: ['x'],
      rows: [[1]],
      rowCount: 1,
      truncated: false,
      knowledge,
    });
    expect(answer.user).toContain('- instruction: Round money to two decimals.');
    expect(answer.user).not.toContain('revenue');
    expect(buildSqlPrompt({ question: 'q', dialect: 'sqlite', schema, examples: [], maxRows: 10 }).user).not.toContain(
      'Business definitions',
    );
  });
});
