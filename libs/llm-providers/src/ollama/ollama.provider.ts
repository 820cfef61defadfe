import { Ollama } from 'ollama';
import type { ChatStreamPart } from '../answer-stream';
import { ChatProviderBase, type ChatReply } from '../chat-provider-base';
import {
  ProviderConnectionError,
  ProviderError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTimeoutError,
} from '../errors';
import { modelFetch } from '../model-fetch';
import type { ChatPrompt } from '../prompt';
import { DEFAULT_LOCAL_TIMEOUT_MS, redact, type ModelProviderOptions } from '../provider-options';
import { AttemptTimeoutError, connectionFailureDetail, fetchWithRetry, isConnectionFailure } from '../retry';

/** Default model and host (Ollama's default listen address). */
export const DEFAULT_OLLAMA_MODEL = 'qwen2.5-coder:7b';
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/** Options of OllamaProvider: the shared model options (baseURL is the Ollama host) plus the retry base delay. */
export interface OllamaProviderOptions extends ModelProviderOptions {
  /** First retry backoff in milliseconds (doubles each retry, at most 8 s). Default 500. */
  retryBaseDelayMs?: number;
}

/**
 * A local (or remote) Ollama server through the `ollama` package (`POST /api/chat` with stream false, or NDJSON
 * streaming for streamAnswer). The package
 * has neither timeout nor retries, so its fetch is wrapped (retry.ts fetchWithRetry): a per-attempt timeout through
 * an AbortSignal and retries with exponential backoff for 408, 409, 429, 5xx and connection failures. An apiKey,
 * when set, is sent as a Bearer token (Ollama behind an authenticating proxy, or ollama.com). Defaults: host
 * http://127.0.0.1:11434, model qwen2.5-coder:7b, timeout 120 000 ms (local models on CPU are slow), 2 retries,
 * temperature 0.
 */
export class OllamaProvider extends ChatProviderBase {
  readonly name = 'ollama';
  private readonly client: Ollama;
  /** The same client over a streaming fetch (idle timeout instead of a whole-body timeout), for chatStream. */
  private readonly streamingClient: Ollama;
  private readonly maxTokens?: number;

  constructor(options: OllamaProviderOptions = {}) {
    super('ollama', options, {
      model: DEFAULT_OLLAMA_MODEL,
      baseURL: DEFAULT_OLLAMA_HOST,
      timeoutMs: DEFAULT_LOCAL_TIMEOUT_MS,
    });
    this.maxTokens = options.maxTokens;
    const client = (stream: boolean) =>
      new Ollama({
        host: this.baseURL,
        fetch: fetchWithRetry({
          timeoutMs: this.timeoutMs,
          maxRetries: this.maxRetries,
          baseDelayMs: options.retryBaseDelayMs,
          stream,
          fetch: modelFetch,
        }),
        headers: this.apiKey ? { Authorization: `Bearer ${this.apiKey}` } : undefined,
      });
    this.client = client(false);
    this.streamingClient = client(true);
  }

  /** Lists local models (GET /api/tags), the cheapest call Ollama has. */
  protected listModels(): Promise<unknown> {
    return this.client.list();
  }

  /** Temperature and maxTokens (num_predict) as Ollama model options. */
  private modelOptions(): { temperature?: number; num_predict?: number } {
    const modelOptions: { temperature?: number; num_predict?: number } = {};
    if (this.temperature !== null) modelOptions.temperature = this.temperature;
    if (this.maxTokens !== undefined) modelOptions.num_predict = this.maxTokens;
    return modelOptions;
  }

  /**
   * POST /api/chat with `stream: true` (NDJSON: one JSON object a line, the last with `done: true` and the counts),
   * iterated by ollama-js: yields each `message.content` (a thinking model's separate `message.thinking` is never
   * yielded), then the usage of the final line. The timeout is an idle timeout between lines (fetchWithRetry).
   */
  protected async *chatStream(prompt: ChatPrompt): AsyncGenerator<ChatStreamPart, void, undefined> {
    const parts = await this.streamingClient.chat({
      model: this.model,
      stream: true,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      options: this.modelOptions(),
    });
    for await (const part of parts) {
      if (part.message?.content) yield { text: part.message.content };
      if (part.done && (typeof part.prompt_eval_count === 'number' || typeof part.eval_count === 'number')) {
        yield { tokens: { prompt: part.prompt_eval_count ?? 0, completion: part.eval_count ?? 0 } };
      }
    }
  }

  /** POST /api/chat (stream false); temperature and maxTokens (num_predict) go in the model options. */
  protected async chat(prompt: ChatPrompt): Promise<ChatReply> {
    const modelOptions = this.modelOptions();
    const response = await this.mapped(() =>
      this.client.chat({
        model: this.model,
        stream: false,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        options: modelOptions,
      }),
    );
    if (typeof response?.message?.content !== 'string') {
      throw new ProviderResponseError(`${this.label()} returned a reply without a message.`);
    }
    const hasUsage = typeof response.prompt_eval_count === 'number' || typeof response.eval_count === 'number';
    return {
      text: response.message.content,
      tokens: hasUsage ? { prompt: response.prompt_eval_count ?? 0, completion: response.eval_count ?? 0 } : null,
    };
  }

  protected label(): string {
    return `Ollama at ${this.baseURL}`;
  }

  /**
   * AttemptTimeoutError -> ProviderTimeoutError; fetch network failure -> ProviderConnectionError; ollama's
   * ResponseError 429 -> ProviderRateLimitError, other statuses -> ProviderResponseError (404 suggests
   * `ollama pull`).
   */
  protected mapError(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    if (error instanceof AttemptTimeoutError) {
      return new ProviderTimeoutError(
        `${this.label()} did not answer within ${this.timeoutMs} ms (model ${this.model}).`,
      );
    }
    if (isConnectionFailure(error)) {
      return new ProviderConnectionError(
        `Cannot reach ${this.label()}: ${connectionFailureDetail(error)}. Check that Ollama runs (ollama serve) and the base URL is right.`,
      );
    }
    const status = (error as { status_code?: unknown })?.status_code;
    const raw = (error as { message?: unknown })?.message;
    const message = redact(typeof raw === 'string' ? raw : String(error), this.apiKey).replace(/[.\s]+$/, '');
    if (typeof status === 'number') {
      if (status === 429) {
        return new ProviderRateLimitError(
          `${this.label()} is rate limiting requests (429) after ${this.maxRetries} retries: ${message}.`,
          429,
        );
      }
      const hint =
        status === 404
          ? ` Pull the model with \`ollama pull ${this.model}\` or check the model name.`
          : status === 401 || status === 403
            ? this.apiKey
              ? ' Check the API key.'
              : ' No API key is configured; set one.'
            : '';
      return new ProviderResponseError(`${this.label()} answered ${status}: ${message}.${hint}`, status);
    }
    return new ProviderResponseError(`${this.label()} failed: ${message}`);
  }
}
