/**
 * Embeddings for schema linking through the real client libraries (ollama-js, openai-node) over real HTTP, against
 * a local stand-in server of this test that speaks Ollama's POST /api/embed and OpenAI's POST /v1/embeddings with
 * deterministic vectors (words of one concept share a dimension), so no model is needed.
 */
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { linkSchema } from '../stages/linking';
import { createEmbeddingClient } from '@nlq/llm-providers';
import { SemanticScorer } from './semantic-scores';
import { startEmbeddingStandIn, type EmbeddingStandIn } from '../testing/embedding-stand-in';

/** Concept dimensions of the stand-in model: words of one concept point the same way. */
const CONCEPTS = { pet: 0, pets: 0, animal: 0, animals: 0, dog: 0, cat: 0, invoice: 1, invoices: 1, bill: 1, bills: 1 };

const table = (name: string, columns: string[]): TableSchema => ({
  name,
  schema: null,
  kind: 'table',
  columns: [
    { name: 'id', type: 'integer', nullable: false, primaryKey: true },
    ...columns.map((c) => ({ name: c, type: 'text', nullable: true, primaryKey: false })),
  ],
  primaryKey: ['id'],
  foreignKeys: [],
});

const schema: DatabaseSchema = {
  dialect: 'postgresql',
  version: 'v1',
  introspectedAt: 'now',
  tables: [
    ...Array.from({ length: 30 }, (_, i) => table(`ledger_entry_${i}`, ['account_code', 'memo_text', 'posted_by'])),
    table('pets', ['species', 'owner_name']),
    table('invoices', ['amount', 'due_on']),
  ],
};
const PETS = 30;

describe('semantic linking with provider embeddings (stand-in server)', () => {
  let standIn: EmbeddingStandIn;
  beforeAll(async () => {
    standIn = await startEmbeddingStandIn(CONCEPTS);
  });
  afterAll(async () => {
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  it.each([
    ['ollama', () => `${standIn.url}`],
    ['openai', () => `${standIn.url}/v1`],
  ] as const)(
    'ranks the table closest in meaning first over the %s wire protocol, embedding the tables once',
    async (kind, baseURL) => {
      standIn.requests.length = 0;
      const scorer = new SemanticScorer(createEmbeddingClient({ kind, baseURL: baseURL(), model: 'stand-in-embed' }));
      const scores = await scorer.scores('how many animals do we keep', schema);
      expect([...scores].sort((a, b) => b[1] - a[1])[0][0]).toBe(PETS);
      await scorer.scores('which bills are due', schema);
      const tableRequests = standIn.requests.filter((r) => r.inputs > 1);
      expect(tableRequests).toHaveLength(1);
      expect(tableRequests[0].inputs).toBe(schema.tables.length);
      expect(standIn.requests).toHaveLength(3);
    },
  );

  it('pulls in a table that no word of the question names when semantic scores are given', async () => {
    const scorer = new SemanticScorer(
      createEmbeddingClient({ kind: 'ollama', baseURL: standIn.url, model: 'stand-in-embed' }),
    );
    const question = 'how many animals do we keep';
    expect(linkSchema(question, schema, 60).linkedTables).not.toContain('pets');
    const semanticScores = await scorer.scores(question, schema);
    expect(linkSchema(question, schema, 60, { semanticScores }).linkedTables).toContain('pets');
  });

  it('rejects when the embedding server fails, so the caller can fall back to lexical linking', async () => {
    const scorer = new SemanticScorer(
      createEmbeddingClient({ kind: 'openai', baseURL: `${standIn.url}/v1`, model: 'missing', maxRetries: 0 }),
    );
    standIn.failNext = true;
    await expect(scorer.scores('anything', { ...schema, version: 'v2' })).rejects.toThrow();
  });
});
