import OpenAI from 'openai';
import { ProviderResponseError, type ProviderError } from '../errors';
import { buildAnswerPrompt, buildSqlPrompt, interpretAnswerReply, interpretSqlReply, type ChatPrompt } from '../prompt';
import type { AnswerRequest, AnswerResult, LlmProvider, SqlGenerationRequest, SqlGenerationResult, TokenUsage } from '../provider';
import { DEFAULT_HOSTED_TIMEOUT_MS, DEFAULT_MAX_RETRIES, trimTrailingSlash, type ModelProviderOptions } from '../provider-options';
import { mapSdkError, realmSafeFetch } from '../sdk-errors';

/** Default model and base URL (OpenAI's own API). */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Sent when no key is configured: local servers (vLLM, LM Studio, llama.cpp) ignore it, OpenAI answers 401. */
const NO_KEY = 'no-api-key';

/** Options of OpenAiProvider: model, baseURL (with /v1), apiKey, timeoutMs, maxRetries, temperature. */
export type OpenAiProviderOptions = ModelProviderOptions;

/**
 * Any OpenAI-compatible chat-completions server through the official `openai` package: OpenAI itself, vLLM,
 * LM Studio, llama.cpp server, Azure OpenAI's v1 endpoint (baseURL includes `/v1`). Timeout and retries are the
 * SDK's own (`timeout`, `maxRetries`: it retries 408, 409, 429, 5xx and connection failures with exponential
 * backoff, honouring retry-after). Failures become ProviderConnectionError, ProviderTimeoutError,
 * ProviderRateLimitError (429 after retries) or ProviderResponseError (other non-2xx), naming the base URL, never
 * the key. Defaults: model gpt-4o-mini, timeout 60 000 ms, 2 retries, temperature 0.
 */
export class OpenAiProvider implements LlmProvider {
  readonly name = 'openai';
  readonly modelId: string;
  readonly model: string;
  readonly baseURL: string;
  private readonly client: OpenAI;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly temperature: number | null;

  constructor(options: OpenAiProviderOptions = {}) {
    this.model = options.model || DEFAULT_OPENAI_MODEL;
    this.modelId = `openai:${this.model}`;
    this.baseURL = trimTrailingSlash(options.baseURL || DEFAULT_OPENAI_BASE_URL);
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HOSTED_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.temperature = options.temperature === undefined ? 0 : options.temperature;
    this.client = new OpenAI({
      apiKey: this.apiKey ?? NO_KEY,
      baseURL: this.baseURL,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
      logLevel: 'off',
      fetch: realmSafeFetch,
    });
  }

  /** Writes SQL for the request (see buildSqlPrompt). @throws UnanswerableQuestionError on CANNOT_ANSWER. */
  async generateSql(request: SqlGenerationRequest): Promise<SqlGenerationResult> {
    const { text, tokens } = await this.chat(buildSqlPrompt(request));
    return interpretSqlReply(text, tokens);
  }

  /** Writes the plain-words answer for bounded result rows (see buildAnswerPrompt). */
  async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
    const { text, tokens } = await this.chat(buildAnswerPrompt(request));
    return interpretAnswerReply(text, tokens, this.label());
  }

  /** Lists models (GET {baseURL}/models), the cheapest authenticated call; resolves with round-trip ms. */
  async ping(): Promise<number> {
    const started = performance.now();
    try {
      await this.client.models.list();
    } catch (error) {
      throw this.mapError(error);
    }
    return Math.round(performance.now() - started);
  }

  private async chat(prompt: ChatPrompt): Promise<{ text: string; tokens: TokenUsage | null }> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      });
    } catch (error) {
      throw this.mapError(error);
    }
    const choice = completion?.choices?.[0];
    if (!choice?.message) throw new ProviderResponseError(`${this.label()} returned a reply without choices.`);
    const usage = completion.usage;
    return {
      text: choice.message.content ?? '',
      tokens: usage ? { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0 } : null,
    };
  }

  private label(): string {
    return `OpenAI-compatible API at ${this.baseURL}`;
  }

  /** Maps SDK errors to the typed provider errors (see mapSdkError). */
  private mapError(error: unknown): ProviderError {
    return mapSdkError(error, {
      classes: OpenAI,
      label: this.label(),
      model: this.model,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      apiKey: this.apiKey,
    });
  }
}
