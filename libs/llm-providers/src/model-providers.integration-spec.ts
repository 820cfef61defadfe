/**
 * Every model-backed provider against the scripted model server: the real SDK (openai, @anthropic-ai/sdk, ollama)
 * over real HTTP on 127.0.0.1, scripted replies and failures.
 */
import type { DatabaseSchema } from '@nlq/contracts';
import { AnthropicProvider } from './anthropic/anthropic.provider';
import {
  ProviderConnectionError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTimeoutError,
  UnanswerableQuestionError,
} from './errors';
import { OllamaProvider } from './ollama/ollama.provider';
import { OpenAiProvider } from './openai/openai.provider';
import type { LlmProvider, SqlGenerationRequest } from './provider';
import type { ModelProviderOptions } from './provider-options';
import {
  startScriptedModelServer,
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
  type ScriptedProtocol,
} from './testing/scripted-model-server';

const API_KEY = 'sk-test-secret-0123456789';

const schema: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'v1',
  tables: [
    {
      name: 'customers',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      comment: 'People who bought something',
      columns: [
        { name: 'id', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'name', type: 'TEXT', nullable: false, primaryKey: false },
        { name: 'country', type: 'TEXT', nullable: true, primaryKey: false, sampleValues: ['DE', 'FR'] },
      ],
    },
  ],
};

const sqlRequest: SqlGenerationRequest = {
  question: 'How many customers are in Germany?',
  dialect: 'sqlite',
  schema,
  examples: [],
  maxRows: 100,
};

const providers: Array<{ protocol: ScriptedProtocol; make: (options: ModelProviderOptions) => LlmProvider }> = [
  { protocol: 'openai', make: (o) => new OpenAiProvider(o) },
  { protocol: 'anthropic', make: (o) => new AnthropicProvider(o) },
  { protocol: 'ollama', make: (o) => new OllamaProvider(o) },
];

describe.each(providers)('$protocol provider against the scripted server', ({ protocol, make }) => {
  const servers: ScriptedModelServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(reply: ScriptedModelServerOptions['reply'], delayMs?: number) {
    const server = await startScriptedModelServer({ protocol, reply, delayMs });
    servers.push(server);
    return server;
  }
  const chatRequests = (server: ScriptedModelServer) => server.requests.filter((r) => r.method === 'POST');
  const provider = (server: ScriptedModelServer, options: ModelProviderOptions = {}) =>
    make({ baseURL: server.url, model: 'scripted-model', apiKey: API_KEY, maxRetries: 2, timeoutMs: 5000, ...options });

  it.each([
    ['fenced', "```sql\nSELECT COUNT(*) FROM customers c WHERE c.country = 'DE';\n```"],
    [
      'chatty',
      "Sure! Here is the query:\nSELECT COUNT(*) FROM customers c WHERE c.country = 'DE'\nIt counts German customers.",
    ],
    [
      '<think>-prefixed',
      "<think>Count rows where country is DE; SELECT FROM customers.</think>\nSELECT COUNT(*) FROM customers c WHERE c.country = 'DE'",
    ],
  ])('extracts SQL from a %s reply and reports token usage', async (_kind, reply) => {
    const server = await serve(() => reply);
    const result = await provider(server).generateSql(sqlRequest);
    expect(result.sql).toBe("SELECT COUNT(*) FROM customers c WHERE c.country = 'DE'");
    expect(result.raw).toBe(reply);
    expect(result.tokens?.prompt).toBeGreaterThan(50);
    expect(result.tokens?.completion).toBeGreaterThan(5);

    const [request] = chatRequests(server);
    const body = request.body as Record<string, unknown>;
    expect(body.model).toBe('scripted-model');
    expect(JSON.stringify(body)).toContain('SQLite');
    expect(JSON.stringify(body)).toContain('How many customers are in Germany?');
    expect(JSON.stringify(body)).toContain('CREATE TABLE customers');
    // The Anthropic SDK sends the key as x-api-key or (1.x) as a Bearer token; the others as a Bearer token.
    expect([request.headers.authorization, request.headers['x-api-key']]).toContain(
      protocol === 'anthropic' && request.headers['x-api-key'] ? API_KEY : `Bearer ${API_KEY}`,
    );
  });

  it('turns CANNOT_ANSWER into UnanswerableQuestionError with the reason', async () => {
    const server = await serve(() => 'CANNOT_ANSWER: the schema has no salary data');
    const error = await provider(server)
      .generateSql(sqlRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnanswerableQuestionError);
    expect((error as Error).message).toContain('the schema has no salary data');
  });

  it('retries a 503 and then succeeds', async () => {
    let calls = 0;
    const server = await serve(() =>
      ++calls === 1 ? { status: 503, headers: { 'retry-after-ms': '5' } } : 'SELECT 1',
    );
    const result = await provider(server).generateSql(sqlRequest);
    expect(result.sql).toBe('SELECT 1');
    expect(chatRequests(server)).toHaveLength(2);
  });

  it.each([
    [400, 'Bad request'],
    [401, 'Check the API key'],
    [404, 'scripted-model'],
  ])('does not retry a %i and reports it clearly without the key', async (status, hint) => {
    const server = await serve(() => ({ status }));
    const error = await provider(server)
      .generateSql(sqlRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).status).toBe(status);
    const message = (error as Error).message;
    expect(message).toContain(server.url);
    expect(message).toContain(String(status));
    expect(message).toContain(hint);
    expect(message).not.toContain(API_KEY);
    expect(chatRequests(server)).toHaveLength(1);
  });

  it('never shows the key even when the server echoes it', async () => {
    const server = await serve(({ body: _body }) => ({ status: 401, body: echoKeyBody(protocol) }));
    const error = await provider(server)
      .generateSql(sqlRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as Error).message).not.toContain(API_KEY);
    expect((error as Error).message).toContain('***');
  });

  it('gives up on 429 after the retries with ProviderRateLimitError', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after-ms': '5' } }));
    const error = await provider(server, { maxRetries: 2 })
      .generateSql(sqlRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as Error).message).toContain('429');
    expect(chatRequests(server)).toHaveLength(3);
  });

  it('times out with ProviderTimeoutError when the model is slower than timeoutMs', async () => {
    const server = await serve(() => 'SELECT 1', 2000);
    const started = Date.now();
    const error = await provider(server, { timeoutMs: 150, maxRetries: 0 })
      .generateSql(sqlRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as Error).message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a closed port as ProviderConnectionError (after retrying it)', async () => {
    const server = await serve(() => 'SELECT 1');
    await server.close();
    servers.pop();
    const closed = provider(server, { maxRetries: 1 });
    const error = await closed.generateSql(sqlRequest).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderConnectionError);
    expect((error as Error).message).toContain(server.url);
    await expect(closed.ping()).rejects.toBeInstanceOf(ProviderConnectionError);
  });

  it('writes the answer from the rows, without reasoning, with token usage', async () => {
    const server = await serve(({ user }) =>
      user.includes('| 42 |') ? '<think>read the table</think>There are 42 customers in Germany.' : 'no rows seen',
    );
    const answer = await provider(server).writeAnswer({
      question: 'How many customers are in Germany?',
      sql: "SELECT COUNT(*) AS n FROM customers WHERE country = 'DE'",
      columns: ['n'],
      rows: [[42]],
      rowCount: 1,
      truncated: false,
    });
    expect(answer.text).toBe('There are 42 customers in Germany.');
    expect(answer.tokens?.completion).toBeGreaterThan(0);
  });

  it('pings by listing models and reports the round trip in ms', async () => {
    const server = await serve(() => 'unused');
    const ms = await provider(server).ping();
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      protocol === 'ollama' ? 'GET /api/tags' : 'GET /v1/models',
    ]);
  });

  it('has a model id naming provider and model', () => {
    expect(make({ model: 'm1' }).modelId).toBe(`${protocol}:m1`);
  });
});

/** A 401 body whose message repeats the key, as some gateways do. */
function echoKeyBody(protocol: ScriptedProtocol): unknown {
  const message = `Invalid key ${API_KEY}`;
  if (protocol === 'ollama') return { error: message };
  if (protocol === 'anthropic') return { type: 'error', error: { type: 'authentication_error', message } };
  return { error: { message, type: 'invalid_api_key', param: null, code: 'invalid_api_key' } };
}
