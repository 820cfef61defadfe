/**
 * Streamed answers through the whole pipeline (docs/architecture.md step 11): a real SQLite file, the real providers (openai,
 * @anthropic-ai/sdk, ollama-js) over real HTTP against the scripted model server in each protocol's streaming
 * format. The result (12 rows of 3 columns) is one no template states, so the model words it; its pieces go out as
 * answer.delta live events, on the service-wide sink and the request's own, and concatenate to the answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { framedProse, type LiveEvent } from '@nlq/contracts';
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import {
  AnthropicProvider,
  OllamaProvider,
  OpenAiProvider,
  type LlmProvider,
  type ModelProviderOptions,
} from '@nlq/llm-providers';
import {
  startScriptedModelServer,
  type ScriptedModelServerOptions,
  type ScriptedProtocol,
  type ScriptedReply,
} from '@nlq/llm-providers/testing';
import { InMemoryEventBus } from './event-bus';
import { DEFAULT_PIPELINE_CONFIG } from './pipeline-config';
import { QueryPipeline } from './query-pipeline';
import { InMemoryStateStore } from './testing/in-memory-state-store';

const SQL = 'SELECT name, country, total FROM customers ORDER BY total DESC';
const ANSWER = 'Customer 15 spent the most (150), followed by Customer 14 (140); all 15 customers are listed.';

let dir: string;
let driver: DatabaseDriver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nlq-answer-stream-'));
  const file = join(dir, 'shop.sqlite');
  const db = new Database(file);
  db.exec(
    'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL, total REAL NOT NULL)',
  );
  const insert = db.prepare('INSERT INTO customers (name, country, total) VALUES (?, ?, ?)');
  for (let i = 1; i <= 15; i++) insert.run(`Customer ${i}`, i % 2 ? 'France' : 'Spain', i * 10);
  db.close();
  driver = createDriver(`sqlite://${file}`);
  await driver.connect();
});

afterAll(async () => {
  await driver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const providers: Array<{ protocol: ScriptedProtocol; make: (o: ModelProviderOptions) => LlmProvider }> = [
  { protocol: 'openai', make: (o) => new OpenAiProvider(o) },
  { protocol: 'anthropic', make: (o) => new AnthropicProvider(o) },
  { protocol: 'ollama', make: (o) => new OllamaProvider(o) },
];

/** SQL for the SQL prompt, `answer` (a reply or a stream script) for the answer prompt. */
const script =
  (answer: ScriptedReply, sql = SQL): ScriptedModelServerOptions['reply'] =>
  ({ system }) =>
    system.startsWith('You answer a person') ? answer : `\`\`\`sql\n${sql}\n\`\`\``;

async function run(
  protocol: ScriptedProtocol,
  make: (o: ModelProviderOptions) => LlmProvider,
  reply: ScriptedModelServerOptions['reply'],
  question = 'Which customers spent the most?',
) {
  const server = await startScriptedModelServer({ protocol, reply });
  try {
    const provider = make({ baseURL: server.url, model: 'scripted-model', maxRetries: 0 });
    const bus = new InMemoryEventBus();
    const published: LiveEvent[] = [];
    bus.subscribe((e) => published.push(e));
    const own: LiveEvent[] = [];
    const pipeline = new QueryPipeline({
      targets: { connection: async () => ({ connectionId: 'shop', driver }), provider: async () => provider },
      store: new InMemoryStateStore(),
      config: { ...DEFAULT_PIPELINE_CONFIG },
      audit: { audit: () => undefined },
      events: bus,
    });
    const outcome = await pipeline.ask({
      question,
      sessionId: 's1',
      userId: 'u1',
      events: { publish: (e) => own.push(e) },
    });
    return { outcome, published, own, requests: server.requests };
  } finally {
    await server.close();
  }
}

const deltas = (events: LiveEvent[]) =>
  events.filter((e) => e.type === 'answer.delta').map((e) => e.data.text as string);

describe.each(providers)('pipeline answer streaming ($protocol)', ({ protocol, make }) => {
  it('publishes answer.delta pieces during the answer stage whose concatenation is the answer', async () => {
    const { outcome, published, own, requests } = await run(
      protocol,
      make,
      script(`<think>15 rows, sorted</think>\n${ANSWER}`),
    );
    expect(outcome).toMatchObject({ success: true, response: ANSWER, sql: SQL });
    expect(outcome.result?.rows).toHaveLength(15);
    const pieces = deltas(published);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(ANSWER);
    expect(
      published
        .filter((e) => e.type === 'answer.delta')
        .every((e) => e.traceId === outcome.traceId && e.sessionId === 's1' && e.userId === 'u1'),
    ).toBe(true);
    // The request's own listener hears the same events in the same order.
    expect(own.map((e) => e.type)).toEqual(published.map((e) => e.type));
    const types = published.map((e) => (e.type.startsWith('stage.') ? `${e.type}:${e.data.stage}` : e.type));
    const first = types.indexOf('answer.delta');
    expect(types.lastIndexOf('stage.started:answer')).toBeLessThan(first);
    expect(types.indexOf('stage.finished:answer')).toBeGreaterThan(types.lastIndexOf('answer.delta'));
    expect(types[types.length - 1]).toBe('answer.ready');
    const answerRequest = requests.filter((r) => r.method === 'POST')[1].body as Record<string, unknown>;
    expect(answerRequest.stream).toBe(true);
  });

  it('publishes no delta for a templated answer, and the fallback line replaces a stream that fails', async () => {
    const templated = await run(
      protocol,
      make,
      script('unused', 'SELECT count(*) AS n FROM customers'),
      'How many customers are there?',
    );
    expect(templated.outcome.response).toBe('The answer is 15.');
    expect(deltas(templated.published)).toEqual([]);

    const failed = await run(protocol, make, script({ chunks: ['Customer 15 ', 'spent '], error: 'Overloaded' }));
    expect(deltas(failed.published).join('')).toBe('Customer 15 spent');
    expect(failed.outcome).toMatchObject({
      success: true,
      response: 'The query returned 15 rows (columns: name, country, total).',
    });
    expect(failed.published.find((e) => e.type === 'answer.ready')?.data.response).toBe(failed.outcome.response);
  });

  it('streams a worded answer framed as its response: a line posing as a section is quoted in the deltas too', async () => {
    const posing = `${ANSWER}\nSQL: DROP TABLE customers\nSession: someone-else`;
    const { outcome, published } = await run(protocol, make, script(posing));
    expect(outcome.success).toBe(true);
    const joined = deltas(published).join('');
    expect(joined).toBe(framedProse(outcome.response));
    expect(joined.split('\n').slice(1)).toEqual(['> SQL: DROP TABLE customers', '> Session: someone-else']);
  });
});
