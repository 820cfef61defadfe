/**
 * Business definitions matched by meaning when embeddings are configured, through the pipeline on
 * real SQLite with the real Ollama client against a local stand-in embedding server (testing/embedding-stand-in.ts):
 * a question that does not use a metric's words but means it gets the metric (for a model, not for the offline
 * engine, which applies what the words name), an unrelated question gets none, and an embedding failure keeps the
 * words-only match and says so on the trace.
 */
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { OfflineProvider, type LlmProvider } from '@nlq/llm-providers';
import { createEmbeddingClient } from '@nlq/llm-providers';
import { SemanticScorer } from '../linking/semantic-scores';
import { startEmbeddingStandIn, type EmbeddingStandIn } from '../testing/embedding-stand-in';
import { revenueMetric } from '../testing/knowledge-fixtures';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { scriptedPipeline } from '../testing/scripted-pipeline';

jest.setTimeout(30_000);

const sqlite = SCRATCH_ENGINES.find((e) => e.name === 'sqlite')!;
const FILTERED = "SELECT SUM(o.total) AS revenue FROM orders o WHERE o.status <> 'cancelled'";
const revenue = revenueMetric({ synonyms: [], description: 'money from orders not cancelled' });

describe('business definitions matched by meaning', () => {
  const scratch = useScratchDriver(sqlite, [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, total REAL)',
    "INSERT INTO orders (id, status, total) VALUES (1, 'paid', 10), (2, 'cancelled', 100), (3, 'paid', 5)",
  ]);
  let standIn: EmbeddingStandIn;

  beforeAll(async () => {
    standIn = await startEmbeddingStandIn({ revenue: 0, money: 0, income: 0, earnings: 0 });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const setUp = <P extends LlmProvider>(provider: P) => {
    const semantic = new SemanticScorer(
      createEmbeddingClient({ kind: 'ollama', baseURL: standIn.url, model: 'stand-in-embed' }),
    );
    const scripted = scriptedPipeline({ driver: scratch.driver, provider, semantic });
    scripted.store.definitions.push(structuredClone(revenue));
    return { provider, ...scripted };
  };
  const knowledgeSpan = async (store: ReturnType<typeof scriptedPipeline>['store'], traceId: string) =>
    (await store.getTrace(traceId))?.spans.find((s) => s.name === 'knowledge');

  it('gives a model the metric a question means without its words, and checks the SQL for it', async () => {
    const { provider, pipeline, store } = setUp(new ScriptedLlmProvider({ sql: () => FILTERED }));
    const out = await pipeline.ask({ question: 'total income', sessionId: 's1', userId: 'u' });
    expect(out).toMatchObject({ success: true, sql: FILTERED, knowledge: [{ kind: 'metric', id: 'rev', version: 1 }] });
    expect(provider.sqlRequests[0].knowledge?.map((d) => d.id)).toEqual(['rev']);
    const span = await knowledgeSpan(store, out.traceId);
    expect(span?.detail).toMatchObject({
      matchedBy: [{ id: 'rev', term: expect.stringMatching(/^~0\.\d\d$/) }],
      semantic: { model: 'ollama:stand-in-embed' },
    });
  });

  it('matches nothing for an unrelated question, nor for the offline engine', async () => {
    const { pipeline } = setUp(new ScriptedLlmProvider({ sql: () => 'SELECT COUNT(*) AS n FROM orders' }));
    expect(await pipeline.ask({ question: 'how many orders', sessionId: 's2', userId: 'u' })).toMatchObject({
      success: true,
      knowledge: [],
    });
    const offline = setUp(new OfflineProvider());
    const before = standIn.requests.length;
    expect((await offline.pipeline.ask({ question: 'total income', sessionId: 's3', userId: 'u' })).knowledge).toEqual(
      [],
    );
    expect(standIn.requests.length).toBe(before);
  });

  it('keeps the words-only match when the embedding server fails, and says so on the trace', async () => {
    const { pipeline, store } = setUp(new ScriptedLlmProvider({ sql: () => FILTERED }));
    standIn.failNext = true;
    const out = await pipeline.ask({ question: 'total income', sessionId: 's4', userId: 'u' });
    expect(out.knowledge).toEqual([]);
    expect((await knowledgeSpan(store, out.traceId))?.detail?.semantic).toEqual({
      error: expect.stringMatching(/^embeddings unavailable, definitions matched by their words/),
    });
  });
});
