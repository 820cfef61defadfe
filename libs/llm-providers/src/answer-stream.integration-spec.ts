/**
 * Streamed answers of every model-backed provider against the scripted model server: the real SDKs (openai
 * `stream: true`, @anthropic-ai/sdk messages.stream, ollama-js `stream: true`) over real HTTP on 127.0.0.1, in each
 * protocol's own streaming format (OpenAI SSE chunks and `data: [DONE]`, Anthropic SSE events, Ollama NDJSON).
 */
import { AnthropicProvider } from './anthropic/anthropic.provider';
import { collectAnswerStream } from './answer-stream';
import { ProviderConnectionError, ProviderRateLimitError, ProviderResponseError, ProviderTimeoutError } from './errors';
import { OllamaProvider } from './ollama/ollama.provider';
import { OpenAiProvider } from './openai/openai.provider';
import type { AnswerRequest, LlmProvider } from './provider';
import type { ModelProviderOptions } from './provider-options';
import {
  startScriptedModelServer,
  type ScriptedModelServerOptions,
  type ScriptedProtocol,
} from './testing/scripted-model-server';

const answerRequest: AnswerRequest = {
  question: 'Which customers ordered the most?',
  sql: 'SELECT name, country, orders FROM customers ORDER BY orders DESC',
  columns: ['name', 'country', 'orders'],
  rows: Array.from({ length: 12 }, (_, i) => [`Customer ${i + 1}`, i % 2 ? 'DE' : 'FR', 40 - i]),
  rowCount: 12,
  truncated: false,
};

const providers: Array<{ protocol: ScriptedProtocol; make: (options: ModelProviderOptions) => LlmProvider }> = [
  { protocol: 'openai', make: (o) => new OpenAiProvider(o) },
  { protocol: 'anthropic', make: (o) => new AnthropicProvider(o) },
  { protocol: 'ollama', make: (o) => new OllamaProvider({ ...o, retryBaseDelayMs: 1 }) },
];

/** A queue of pieces the test releases one at a time, so the server sends the next piece only when told. */
function gate(): { pieces: AsyncIterable<string>; release(piece: string): void; end(): void } {
  const queue: Array<string | null> = [];
  let wake: (() => void) | null = null;
  return {
    pieces: (async function* () {
      for (;;) {
        while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
        const next = queue.shift();
        if (next === null || next === undefined) return;
        yield next;
      }
    })(),
    release(piece) {
      queue.push(piece);
      wake?.();
    },
    end() {
      queue.push(null);
      wake?.();
    },
  };
}

describe.each(providers)('$protocol provider streaming', ({ protocol, make }) => {
  const withServer = async (
    reply: ScriptedModelServerOptions['reply'],
    run: (provider: LlmProvider, requests: unknown[]) => Promise<void>,
    extra: ModelProviderOptions = {},
  ) => {
    const server = await startScriptedModelServer({ protocol, reply });
    try {
      await run(
        make({ baseURL: server.url, apiKey: 'sk-stream-test', model: 'scripted-model', maxRetries: 0, ...extra }),
        server.requests.map((r) => r.body),
      );
      return server.requests;
    } finally {
      await server.close();
    }
  };

  it('yields each piece as the server sends it, reasoning held back, and returns the text and usage', async () => {
    const pieces = gate();
    const requests = await withServer(
      () => ({ chunks: pieces.pieces }),
      async (provider) => {
        const stream = provider.streamAnswer!(answerRequest);
        pieces.release('<think>');
        pieces.release('12 rows, Customer 1 first');
        pieces.release('</think>\n');
        pieces.release('Customer 1 ');
        // The next piece is released only after the first visible text arrived: the answer really streams.
        expect(await stream.next()).toEqual({ done: false, value: 'Customer 1' });
        pieces.release('leads with 40 orders, ');
        expect(await stream.next()).toEqual({ done: false, value: ' leads with 40 orders,' });
        pieces.release('ahead of Customer 2.');
        pieces.end();
        const rest: string[] = [];
        const result = await collectAnswerStream(stream, (d) => rest.push(d));
        expect(rest.join('')).toBe(' ahead of Customer 2.');
        expect(result.text).toBe('Customer 1 leads with 40 orders, ahead of Customer 2.');
        expect(result.tokens?.completion).toBeGreaterThan(0);
        expect(result.tokens?.prompt).toBeGreaterThan(0);
      },
    );
    const chat = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(chat.stream).toBe(true);
    expect(JSON.stringify(chat)).toContain('Customer 12');
  });

  it('streams a plain reply word by word with the same text as writeAnswer', async () => {
    await withServer(
      () => 'Customer 1 has the most orders (40), followed by Customer 2 (39).',
      async (provider) => {
        const deltas: string[] = [];
        const streamed = await collectAnswerStream(provider.streamAnswer!(answerRequest), (d) => deltas.push(d));
        const plain = await provider.writeAnswer(answerRequest);
        expect(deltas.length).toBeGreaterThan(5);
        expect(deltas.join('')).toBe(plain.text);
        expect(streamed.text).toBe(plain.text);
      },
    );
  });

  it('throws the typed errors: status before the stream, in-stream error, connection, empty answer', async () => {
    await withServer(
      ({ user }) => (user.includes('Customer 1 ') ? { status: 429 } : 'x'),
      async (provider) => {
        await expect(
          collectAnswerStream(provider.streamAnswer!(answerRequest), () => undefined),
        ).rejects.toBeInstanceOf(ProviderRateLimitError);
      },
    );
    await withServer(
      () => ({ chunks: ['Customer 1 ', 'leads'], error: 'Overloaded' }),
      async (provider) => {
        const deltas: string[] = [];
        const failure = await collectAnswerStream(provider.streamAnswer!(answerRequest), (d) => deltas.push(d)).catch(
          (e: unknown) => e,
        );
        expect(failure).toBeInstanceOf(ProviderResponseError);
        expect((failure as Error).message).toMatch(/Overloaded/);
        expect((failure as Error).message).not.toContain('sk-stream-test');
      },
    );
    await withServer(
      () => ({ chunks: ['<think>', 'nothing to say', '</think>'] }),
      async (provider) => {
        await expect(collectAnswerStream(provider.streamAnswer!(answerRequest), () => undefined)).rejects.toThrow(
          /returned an empty answer/,
        );
      },
    );
    const closed = await startScriptedModelServer({ protocol, reply: () => 'x' });
    const url = closed.url;
    await closed.close();
    const offline = make({ baseURL: url, model: 'scripted-model', maxRetries: 0 });
    await expect(collectAnswerStream(offline.streamAnswer!(answerRequest), () => undefined)).rejects.toBeInstanceOf(
      ProviderConnectionError,
    );
  });

  it('times out a stream that goes silent after its first piece (idle timeout between pieces)', async () => {
    const pieces = gate();
    const server = await startScriptedModelServer({ protocol, reply: () => ({ chunks: pieces.pieces }) });
    try {
      const provider = make({ baseURL: server.url, model: 'scripted-model', maxRetries: 0, timeoutMs: 300 });
      pieces.release('Customer 1 leads');
      const seen: string[] = [];
      const failure = await collectAnswerStream(provider.streamAnswer!(answerRequest), (d) => seen.push(d)).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(ProviderTimeoutError);
      expect(seen.join('')).toBe('Customer 1 leads');
    } finally {
      await server.close();
    }
  });

  it('times out a server that never starts answering', async () => {
    const server = await startScriptedModelServer({ protocol, reply: () => 'late', delayMs: 5000 });
    try {
      const provider = make({ baseURL: server.url, model: 'scripted-model', maxRetries: 0, timeoutMs: 200 });
      await expect(collectAnswerStream(provider.streamAnswer!(answerRequest), () => undefined)).rejects.toBeInstanceOf(
        ProviderTimeoutError,
      );
    } finally {
      await server.close();
    }
  });
});
