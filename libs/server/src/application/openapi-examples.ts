/**
 * The examples /docs shows: one realistic example for each request body and response schema the
 * operations name directly, taken from answers of the sample shop database and the offline engine, and for the
 * answers that are not JSON (CSV, JSON rows, YAML, server-sent events). {@link setupOpenApi} sets them on the
 * generated document; properties of their own carry `example` on the DTOs' @ApiProperty. Kept in one place, one
 * coherent example a schema, so Swagger UI shows an answer as the api gives it rather than field fragments; the test
 * libs/server/test/openapi-examples.integration-spec.ts fails for any operation left without an example.
 */

import { SCHEDULE_SCHEMA_EXAMPLES } from './schedules/schedule-examples';

const SESSION = 'sales-review';
const ENTRY_ID = '01a21482-5db3-763e-b593-c49f9377e262';
const TRACE_ID = '01a21482-5db3-763e-b593-c3b2168030da';
const AT = '2026-11-25T21:00:17.850Z';
const ORDERS_BY_STATUS_SQL =
  'SELECT status, COUNT(*) AS order_count FROM orders GROUP BY status ORDER BY order_count DESC LIMIT 1000';
const ORDERS_BY_STATUS =
  'Number of orders by status (6 groups): delivered 3,845, returned 171, cancelled 147, shipped 20, processing 11, pending 6.';
const ROWS = [
  ['delivered', 3845],
  ['returned', 171],
  ['cancelled', 147],
  ['shipped', 20],
  ['processing', 11],
  ['pending', 6],
];

const healthFields = { status: 'ok', integration: 'rest', schema_age_seconds: 42, mode: 'user' };
const historyEntry = {
  id: ENTRY_ID,
  kind: 'query',
  session_id: SESSION,
  user_id: 'alice',
  question: 'How many orders per status?',
  sql: ORDERS_BY_STATUS_SQL,
  answer: ORDERS_BY_STATUS,
  status: 'ok',
  error: null,
  row_count: 6,
  rows_affected: null,
  signal: null,
  rlhf_signal: null,
  trace_id: TRACE_ID,
  ref_id: null,
  created_at: AT,
};
const sessionSummary = {
  id: SESSION,
  user_id: 'alice',
  last_question: 'How many orders per status?',
  last_question_at: AT,
  query_count: 4,
  error_count: 0,
  last_activity: AT,
};
const connectionView = {
  id: 'default',
  name: 'shop',
  url: 'postgres://nlq_reader:***@127.0.0.1:5432/shop',
  dialect: 'postgresql',
  has_password: true,
  active: true,
  created_at: AT,
  updated_at: AT,
};
const llmView = {
  id: '4f1c2a9e-8d7b-4c3a-9e1f-2b6d8c0a7e51',
  name: 'local ollama',
  provider: 'ollama',
  model: 'qwen2.5-coder:7b',
  base_url: 'http://127.0.0.1:11434',
  has_api_key: false,
  active: true,
  created_at: AT,
  updated_at: AT,
};
const revenue = {
  id: '7d3e9b1a-2c4f-4e8a-b6d0-1f9a3c5e7b20',
  connection_id: 'default',
  kind: 'metric',
  version: 2,
  created_at: AT,
  updated_at: AT,
  updated_by: 'alice',
  deleted: false,
  status: 'active' as const,
  origin: null,
  name: 'revenue',
  synonyms: ['sales', 'turnover'],
  description: 'Money taken on orders that were not cancelled',
  expression: 'SUM(order_items.line_total)',
  filter: "orders.status <> 'cancelled'",
};
const verifiedExample = {
  id: '01a21482-6a2c-7578-a858-c6faf821f4f4',
  connection_id: 'default',
  question: 'How many customers are there?',
  sql: 'SELECT COUNT(*) AS customer_count FROM customers',
  schema_version: 'bba6036fb146424a',
  result_fingerprint: {
    columns: ['customer_count'],
    row_count: 1,
    hash: 'e3ed33dc26a723b8481ca677e38dc4a6e8700aeec312afdd02c9dd92374161a2',
  },
  status: 'verified',
  reason: null,
  source_entry_id: '01a21482-59fb-7575-820d-89ccb76acc89',
  created_at: AT,
  updated_at: AT,
};
const traceFields = {
  id: TRACE_ID,
  sessionId: SESSION,
  userId: 'alice',
  question: 'How many orders per status?',
  sql: ORDERS_BY_STATUS_SQL,
  status: 'ok',
  startedAt: AT,
  durationMs: 38,
  error: null,
};
const testResult = { ok: true, latency_ms: 5.86, error: null, tables: 11 };
const BENCHMARK_ID = '0f6c1a52-7d3e-4b8a-9c1d-2e3f4a5b6c7d';
const benchmarkQuestion = {
  question: 'How many customers are in France?',
  expected_sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'",
};
const benchmark = {
  id: BENCHMARK_ID,
  connection_id: 'default',
  name: 'sales basics',
  questions: [benchmarkQuestion],
  run_on_change: true,
  schedule: { cron: '0 6 * * 1-5', timezone: 'Europe/Paris' },
  next_run_at: '2026-11-26T05:00:00.000Z',
  created_at: AT,
  updated_at: AT,
};
const benchmarkFingerprint = {
  provider: 'offline',
  model: 'offline:1',
  definitions: [{ id: '01a21482-5f10-7a4e-9a0b-1c2d3e4f5a6b', name: 'revenue', version: 2 }],
  schema_version: 'bba6036fb146424a',
};
const benchmarkRunSummary = {
  id: '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  benchmark_id: BENCHMARK_ID,
  connection_id: 'default',
  started_at: AT,
  finished_at: AT,
  accuracy: 0,
  total: 1,
  right: 0,
  regressions: [{ question: benchmarkQuestion.question, before: 'right', now: 'wrong' }],
  fingerprint: benchmarkFingerprint,
  changes: [
    {
      part: 'definitions',
      before: [{ id: '01a21482-5f10-7a4e-9a0b-1c2d3e4f5a6b', name: 'revenue', version: 1 }],
      now: benchmarkFingerprint.definitions,
    },
  ],
  previous_run_id: '3c2b1a09-8f7e-4d6c-b5a4-93827160f5e4',
  trigger: 'schedule',
  late: false,
};
const benchmarkRun = {
  ...benchmarkRunSummary,
  results: [
    {
      ...benchmarkQuestion,
      context: [],
      status: 'wrong',
      reasons: ['different_values'],
      sql: "SELECT COUNT(*) AS customers FROM customers WHERE country = 'Germany'",
      latency_ms: 4.2,
      warnings: [],
      definitions: [],
      columns: ['customers'],
      rows: [[131]],
      expected_columns: ['COUNT(*)'],
      expected_rows: [[112]],
    },
  ],
};

const savedAnswer = {
  id: '7d2f9e41-3b6a-4c8d-9e0f-1a2b3c4d5e6f',
  name: 'Orders by status',
  user_id: 'alice',
  connection_id: 'default',
  question: 'How many orders are there per status?',
  sql: ORDERS_BY_STATUS_SQL,
  chart: { type: 'bar', x: 'status', y: ['order_count'] },
  reading: 'Counted orders per status, largest first.',
  source: { session_id: SESSION, entry_id: ENTRY_ID },
  created_at: AT,
  updated_at: AT,
};

const boardTiles = [
  { saved_id: savedAnswer.id, x: 0, y: 0, w: 6, h: 4, view: 'chart' },
  { saved_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', x: 6, y: 0, w: 6, h: 2, view: 'number' },
];

const board = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  name: 'Sales overview',
  user_id: 'alice',
  tiles: boardTiles,
  created_at: AT,
  updated_at: AT,
};

/** Example of each component schema (by its name in the document) that a request body or response names directly. */
export const SCHEMA_EXAMPLES: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['QueryRequestDto', { question: 'How many customers are there?', user_id: 'alice' }],
  [
    'QueryResponseDto',
    {
      response: 'There are 1,000 customers.',
      sql: 'SELECT COUNT(*) AS customer_count FROM customers',
      success: true,
      pending_approval: false,
      session_id: 'alice',
      error: null,
    },
  ],
  ['ApprovalDecisionResponseDto', { status: 'approved', session_id: 'cleanup', rows_affected: 91 }],
  ['FeedbackRequestDto', { signal: 'positive' }],
  ['FeedbackResponseDto', { status: 'ok', signal: 'positive' }],
  ['ApiFeedbackRequestDto', { signal: 'positive', entry_id: ENTRY_ID }],
  ['SessionHistoryResponseDto', { history: [historyEntry], next_cursor: null }],
  ['RefreshResponseDto', { status: 'ok', message: 'Schema cache refreshed: 11 tables (version bba6036fb146).' }],
  ['HealthResponseDto', healthFields],
  [
    'ApiHealthResponseDto',
    {
      ...healthFields,
      database: { connection_id: 'default', dialect: 'sqlite', reachable: true, latency_ms: 1.26, error: null },
      model: { provider: 'offline', model: 'offline:1', reachable: true, latency_ms: 0, error: null },
      privileges: { superuser: false, can_write: false, warning: null },
    },
  ],
  ['WhoAmIDto', { user_id: 'alice', service: false, role: 'viewer', attributes: { country: 'Germany' } }],
  [
    'ApiKeyViewDto',
    {
      id: '9b2e4c6a-1d3f-4a5b-8c7d-0e1f2a3b4c5d',
      user_id: 'alice',
      prefix: 'nlq_3hF9aB2c',
      role: 'viewer',
      attributes: { country: 'Germany' },
      created_at: AT,
      key: 'nlq_3hF9aB2cQ0mW7xYk1pLr5tVb8nZs2dGe4fHj6kMo9qA',
    },
  ],
  ['ChatRequestDto', { question: 'How many orders per status?', session_id: SESSION }],
  [
    'ChatResponseDto',
    {
      response: ORDERS_BY_STATUS,
      sql: ORDERS_BY_STATUS_SQL,
      success: true,
      pending_approval: false,
      session_id: SESSION,
      error: null,
      columns: ['status', 'order_count'],
      rows: ROWS,
      row_count: 6,
      truncated: false,
      chart: { type: 'bar', x: 'status', y: ['order_count'] },
      trace_id: TRACE_ID,
      history_entry_id: ENTRY_ID,
      kind: 'read',
      cached: false,
      connection_id: 'default',
      repairs: [],
      reading: 'Counted orders, per status, largest first.',
      clarification: null,
      total_rows: null,
      knowledge: [],
      warnings: [],
    },
  ],
  ['SessionSummaryPageDto', { items: [sessionSummary], page: 1, page_size: 20, total: 1, next_cursor: null }],
  [
    'SessionDetailDto',
    { session: sessionSummary, history: [historyEntry], feedback: [], next_cursor: null, limit: 50 },
  ],
  [
    'TraceSummaryPageDto',
    { items: [{ ...traceFields, span_count: 12 }], page: 1, page_size: 20, total: 1, next_cursor: null },
  ],
  [
    'TraceDto',
    {
      ...traceFields,
      spans: [
        {
          name: 'intake',
          startedAt: AT,
          durationMs: 1,
          outcome: 'ok',
          tokens: null,
          error: null,
          detail: { chars: 27 },
        },
        {
          name: 'generate',
          startedAt: AT,
          durationMs: 15,
          outcome: 'ok',
          tokens: null,
          error: null,
          detail: { attempt: 1, provider: 'offline', model: 'offline:1' },
        },
        {
          name: 'execute',
          startedAt: AT,
          durationMs: 4,
          outcome: 'ok',
          tokens: null,
          error: null,
          detail: { rows: 6 },
        },
        {
          name: 'answer',
          startedAt: AT,
          durationMs: 2,
          outcome: 'ok',
          tokens: null,
          error: null,
          detail: { answeredBy: 'offline', provider: 'offline', model: 'offline:1' },
        },
      ],
    },
  ],
  ['ConnectionViewDto', connectionView],
  ['UpdateConnectionDto', { name: 'shop (read-only)', url: 'postgres://nlq_reader:***@127.0.0.1:5432/shop' }],
  ['TestResultDto', testResult],
  [
    'ConnectionSchemaDto',
    {
      connection_id: 'default',
      version: 'bba6036fb146424a',
      introspected_at: AT,
      tables: [
        {
          schema: null,
          name: 'orders',
          kind: 'table',
          description: 'One row per order.',
          columns: [
            {
              name: 'order_id',
              type: 'INTEGER',
              nullable: false,
              primary_key: true,
              references: null,
              description: null,
            },
            {
              name: 'customer_id',
              type: 'INTEGER',
              nullable: false,
              primary_key: false,
              references: { table: 'customers', column: 'customer_id' },
              description: 'The customer who placed the order.',
            },
            { name: 'status', type: 'TEXT', nullable: false, primary_key: false, references: null, description: null },
          ],
          primary_key: ['order_id'],
          foreign_keys: [
            { columns: ['customer_id'], referenced_table: 'customers', referenced_columns: ['customer_id'] },
          ],
        },
      ],
    },
  ],
  [
    'ExampleQuestionsDto',
    {
      connection_id: 'default',
      schema_version: 'bba6036fb146424a',
      questions: [
        'How many customers are there per country?',
        'Top 5 employees by salary',
        'How many reviews are there?',
      ],
    },
  ],
  ['LlmViewDto', llmView],
  [
    'CreateLlmDto',
    { name: 'local ollama', provider: 'ollama', model: 'qwen2.5-coder:7b', base_url: 'http://127.0.0.1:11434' },
  ],
  ['UpdateLlmDto', { model: 'qwen2.5-coder:14b' }],
  ['VerifiedExampleDto', verifiedExample],
  ['VerifiedExampleListDto', { items: [verifiedExample] }],
  ['DefinitionViewDto', revenue],
  ['DefinitionPageDto', { items: [revenue], page: 1, page_size: 50, total: 1 }],
  [
    'DefinitionVersionsDto',
    {
      items: [
        { ...revenue, change: 'update' },
        { ...revenue, version: 1, synonyms: ['sales'], change: 'create' },
      ],
    },
  ],
  [
    'CreateDefinitionDto',
    {
      kind: 'metric',
      name: 'revenue',
      synonyms: ['sales', 'turnover'],
      expression: 'SUM(order_items.line_total)',
      filter: "orders.status <> 'cancelled'",
    },
  ],
  ['UpdateDefinitionDto', { synonyms: ['sales', 'turnover', 'takings'] }],
  [
    'ImportDto',
    { yaml: 'definitions:\n  - kind: synonym\n    name: web orders\n    target: "orders.channel = \'web\'"\n' },
  ],
  [
    'ImportResultDto',
    {
      connection_id: 'default',
      created: 1,
      updated: 0,
      unchanged: 3,
      created_names: ['web orders'],
      updated_names: [],
    },
  ],
  ['CreateBenchmarkDto', { connection_id: 'default', name: 'sales basics', questions: [benchmarkQuestion] }],
  ['UpdateBenchmarkDto', { name: 'sales basics (v2)' }],
  [
    'ImportBenchmarkDto',
    {
      format: 'csv',
      name: 'sales basics',
      content: `question,expected_sql\r\n${benchmarkQuestion.question},"${benchmarkQuestion.expected_sql}"\r\n`,
    },
  ],
  ['AddBenchmarkQuestionDto', { session_id: SESSION, entry_id: ENTRY_ID }],
  ['BenchmarkDto', benchmark],
  ['BenchmarkListDto', { items: [benchmark] }],
  ['BenchmarkRunDto', benchmarkRun],
  ['BenchmarkRunListDto', { items: [benchmarkRunSummary], pending: [] }],
  [
    'BenchmarkRunPendingDto',
    {
      id: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
      benchmark_id: BENCHMARK_ID,
      connection_id: 'default',
      started_at: AT,
      status: 'running',
      trigger: 'request',
      late: false,
      error: null,
    },
  ],
  ['CreateSavedAnswerDto', { name: 'Orders by status', session_id: SESSION, entry_id: ENTRY_ID }],
  ['UpdateSavedAnswerDto', { name: 'Orders per status' }],
  ['SavedAnswerDto', savedAnswer],
  ['SavedAnswerListDto', { items: [savedAnswer] }],
  [
    'SavedAnswerResultDto',
    {
      saved_id: savedAnswer.id,
      columns: ['status', 'order_count'],
      rows: ROWS,
      row_count: ROWS.length,
      truncated: false,
      total_rows: null,
      answer:
        '6 rows (status, order count): delivered (3,845), returned (171), cancelled (147), shipped (20), processing (11) and pending (6).',
      chart: savedAnswer.chart,
      read_at: AT,
    },
  ],
  ['BoardInputDto', { name: board.name, tiles: boardTiles }],
  ['BoardDto', board],
  ['BoardListDto', { items: [board] }],
  [
    'BoardResultsDto',
    {
      board_id: board.id,
      tiles: [
        {
          saved_id: savedAnswer.id,
          name: savedAnswer.name,
          read_at: AT,
          columns: ['status', 'order_count'],
          rows: ROWS,
          answer:
            '6 rows (status, order count): delivered (3,845), returned (171), cancelled (147), shipped (20), processing (11) and pending (6).',
          row_count: ROWS.length,
          truncated: false,
          total_rows: null,
          chart: savedAnswer.chart,
        },
        {
          saved_id: boardTiles[1].saved_id,
          name: 'Customer emails',
          read_at: AT,
          columns: [],
          rows: [],
          answer: '',
          row_count: 0,
          truncated: false,
          total_rows: null,
          chart: null,
          error: {
            code: 'SQL_REFUSED',
            message: 'Refused by your data policy: the column "customers.email" is not permitted for your role.',
          },
        },
      ],
    },
  ],
  ...SCHEDULE_SCHEMA_EXAMPLES,
]);

/**
 * Examples of success answers that are not described by a JSON schema, by `METHOD /path` and media type: the
 * export files, the YAML of the definitions, the event stream of a question and the MCP server's JSON-RPC answer.
 */
export const MEDIA_EXAMPLES: ReadonlyMap<string, Readonly<Record<string, unknown>>> = new Map<
  string,
  Readonly<Record<string, unknown>>
>([
  [
    'POST /api/chat/stream',
    {
      'text/event-stream':
        'event: stage.started\ndata: {"stage":"intake"}\n\n' +
        'event: stage.finished\ndata: {"stage":"intake","durationMs":1,"outcome":"ok"}\n\n' +
        `event: result\ndata: {"response":"${ORDERS_BY_STATUS}","sql":"${ORDERS_BY_STATUS_SQL}","success":true,"pending_approval":false,"session_id":"${SESSION}","error":null}\n\n`,
    },
  ],
  [
    'GET /api/export',
    {
      'text/csv': `status,order_count\r\n${ROWS.map((r) => r.join(',')).join('\r\n')}\r\n`,
      'application/json': ROWS.map(([status, order_count]) => ({ status, order_count })),
    },
  ],
  [
    'GET /api/knowledge/export',
    {
      'application/yaml':
        'definitions:\n  - kind: metric\n    name: revenue\n    synonyms: [sales, turnover]\n    expression: SUM(order_items.line_total)\n    filter: "orders.status <> \'cancelled\'"\n',
    },
  ],
  [
    'GET /api/benchmarks/{id}/export',
    {
      'application/yaml': `version: 1\nname: sales basics\nconnection_id: default\nquestions:\n  - question: ${benchmarkQuestion.question}\n    expected_sql: ${benchmarkQuestion.expected_sql}\n`,
    },
  ],
  [
    'POST /mcp',
    {
      'application/json': {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'There are 1,000 customers.' }], isError: false },
      },
    },
  ],
]);
