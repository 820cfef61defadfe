/**
 * Text embeddings for schema linking from the configured model server, through the providers' own client
 * libraries: Ollama's embed endpoint (POST /api/embed, ollama-js) or an OpenAI-compatible embeddings endpoint
 * (POST /v1/embeddings, openai-node). Optional: lexical retrieval works without it.
 */
import { Ollama } from 'ollama';
import OpenAI from 'openai';

/** Turns texts into vectors, one a text, in order. Rejects with the client library's error when the server fails. */
export interface EmbeddingClient {
  /** Identifies the model, so cached vectors of another model are never mixed in. */
  readonly modelId: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Where and how to ask for embeddings. */
export interface EmbeddingClientOptions {
  /** `ollama`: POST {baseURL}/api/embed; `openai`: POST {baseURL}/embeddings (baseURL usually ends in /v1). */
  kind: 'ollama' | 'openai';
  baseURL: string;
  /** Embedding model, e.g. `nomic-embed-text` (Ollama) or `text-embedding-3-small` (OpenAI). */
  model: string;
  apiKey?: string;
  /** Per request, milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Retries of 408, 409, 429 and 5xx answers by the OpenAI client (default 2); Ollama's client does not retry. */
  maxRetries?: number;
}

/** The client for `options`: ollama-js or openai-node underneath. */
export function createEmbeddingClient(options: EmbeddingClientOptions): EmbeddingClient {
  const modelId = `${options.kind}:${options.model}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (options.kind === 'ollama') {
    const client = new Ollama({
      host: options.baseURL,
      headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : undefined,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    return {
      modelId,
      async embed(texts) {
        if (texts.length === 0) return [];
        return (await client.embed({ model: options.model, input: texts })).embeddings;
      },
    };
  }
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'none',
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });
  return {
    modelId,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create({ model: options.model, input: texts, encoding_format: 'float' });
      return [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}
