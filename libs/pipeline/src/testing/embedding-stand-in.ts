import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Dimensions of the stand-in model's vectors. */
const DIMENSIONS = 16;

/**
 * The stand-in model's vector of a text: each word of a concept adds 3 along its concept's dimension (0 or 1 ...),
 * any other word 1 along a dimension its letters hash to (from the concepts' count up). Texts sharing a concept point
 * the same way; deterministic, no model needed.
 */
export function standInVector(text: string, concepts: Readonly<Record<string, number>>): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  const reserved = new Set(Object.values(concepts)).size;
  for (const word of text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)) {
    const concept = Object.hasOwn(concepts, word) ? concepts[word] : undefined;
    if (concept !== undefined) v[concept] += 3;
    else v[reserved + ([...word].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % (DIMENSIONS - reserved))] += 1;
  }
  return v;
}

async function body(req: IncomingMessage): Promise<{ model?: string; input?: string | string[] }> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

/** A running stand-in embedding server: its base URL, the requests it saw (path, number of inputs), a switch to fail the next request. */
export interface EmbeddingStandIn {
  url: string;
  requests: Array<{ path: string; inputs: number }>;
  failNext: boolean;
  server: Server;
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking Ollama's POST /api/embed and OpenAI's POST /v1/embeddings (the wire protocols the real
 * client libraries use) with {@link standInVector} vectors for `concepts` (word -> dimension, dimensions from 0). The
 * OpenAI answer lists its data in reverse order, as the protocol allows, so clients must sort by `index`.
 */
export async function startEmbeddingStandIn(concepts: Readonly<Record<string, number>>): Promise<EmbeddingStandIn> {
  const state = { requests: [] as EmbeddingStandIn['requests'], failNext: false };
  const server = createServer(async (req, res) => {
    const json = await body(req);
    const inputs: string[] = Array.isArray(json.input) ? json.input : [json.input ?? ''];
    state.requests.push({ path: req.url ?? '', inputs: inputs.length });
    res.setHeader('content-type', 'application/json');
    if (state.failNext) {
      state.failNext = false;
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'model not found' }));
      return;
    }
    if (req.method === 'POST' && req.url === '/api/embed') {
      res.end(JSON.stringify({ model: json.model, embeddings: inputs.map((t) => standInVector(t, concepts)) }));
    } else if (req.method === 'POST' && req.url === '/v1/embeddings') {
      const data = inputs
        .map((t, index) => ({ object: 'embedding', index, embedding: standInVector(t, concepts) }))
        .reverse();
      res.end(
        JSON.stringify({ object: 'list', data, model: json.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
      );
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: EmbeddingStandIn = Object.assign(state, {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return standIn;
}
