/**
 * Semantic scores of tables for a question: cosine similarity between the question's embedding and each table's
 * document embedding, the table vectors computed once per schema version and model and kept in a cache.
 */
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import type { EmbeddingClient } from '@nlq/llm-providers';

/** Where table vectors are kept between questions (in memory by default; a state-store adapter may persist them). */
export interface EmbeddingCache {
  get(key: string): Promise<number[][] | undefined>;
  set(key: string, vectors: number[][]): Promise<void>;
}

/** An in-memory EmbeddingCache holding the vectors of at most `limit` schema versions (oldest dropped first). */
export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, number[][]>();

  constructor(private readonly limit = 8) {}

  async get(key: string): Promise<number[][] | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, vectors: number[][]): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, vectors);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Texts sent to the embedding endpoint in one request. */
const BATCH_SIZE = 64;

/** The text embedded for a table: qualified name, comment and column names with comments (no sample values). */
export function tableEmbeddingText(table: TableSchema): string {
  const name = table.schema ? `${table.schema}.${table.name}` : table.name;
  const columns = table.columns.map((c) => (c.comment ? `${c.name} (${c.comment})` : c.name)).join(', ');
  return `table ${name}${table.comment ? ` -- ${table.comment}` : ''}: ${columns}`.replace(/_/g, ' ');
}

/** Cosine similarity of two vectors of the same length; 0 when either is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Semantic table scores through an EmbeddingClient. The table vectors of one schema are computed once, keyed by
 * schema version and model id (so a changed schema or another model never reuses them), in batches of 64 texts.
 */
export class SemanticScorer {
  private readonly pending = new Map<string, Promise<number[][]>>();

  constructor(
    private readonly client: EmbeddingClient,
    private readonly cache: EmbeddingCache = new MemoryEmbeddingCache(),
  ) {}

  /** The embedding model's id (`ollama:nomic-embed-text`), for traces. */
  get modelId(): string {
    return this.client.modelId;
  }

  /**
   * Similarity of every table to `question`, as table position -> cosine (-1..1), for linkSchema's
   * `semanticScores` option.
   * @throws the client's error when the embedding server fails (callers fall back to lexical linking)
   */
  async scores(question: string, schema: DatabaseSchema): Promise<Map<number, number>> {
    const [tables, [q]] = await Promise.all([this.tableVectors(schema), this.client.embed([question])]);
    return new Map(tables.map((v, i) => [i, cosine(q, v)]));
  }

  /**
   * Similarity of each of `documents` to `text`, as cosines (-1..1) in the documents' order, from one embedding
   * request (not cached: used for the few business definitions of a connection, knowledge/semantic-definitions.ts).
   * @throws the client's error when the embedding server fails
   */
  async similarities(text: string, documents: string[]): Promise<number[]> {
    if (documents.length === 0) return [];
    const [q, ...vectors] = await this.client.embed([text, ...documents]);
    return vectors.map((v) => cosine(q, v));
  }

  private async tableVectors(schema: DatabaseSchema): Promise<number[][]> {
    const key = `${this.client.modelId}\u0000${schema.version}\u0000${schema.tables.length}`;
    const cached = await this.cache.get(key);
    if (cached) return cached;
    let job = this.pending.get(key);
    if (!job) {
      job = (async () => {
        const texts = schema.tables.map(tableEmbeddingText);
        const vectors: number[][] = [];
        for (let i = 0; i < texts.length; i += BATCH_SIZE)
          vectors.push(...(await this.client.embed(texts.slice(i, i + BATCH_SIZE))));
        await this.cache.set(key, vectors);
        return vectors;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }
}
