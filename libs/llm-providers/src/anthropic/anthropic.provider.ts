import Anthropic from '@anthropic-ai/sdk';
import { ProviderResponseError, type ProviderError } from '../errors';
import { buildAnswerPrompt, buildSqlPrompt, interpretAnswerReply, interpretSqlReply, type ChatPrompt } from '../prompt';
import type { AnswerRequest, AnswerResult, LlmProvider, SqlGenerationRequest, SqlGenerationResult, TokenUsage } from '../provider';
import { DEFAULT_HOSTED_TIMEOUT_MS, DEFAULT_MAX_RETRIES, trimTrailingSlash, type ModelProviderOptions } from '../provider-options';
import { mapSdkError, realmSafeFetch } from '../sdk-errors';

/** Default model and base URL (Anthropic's own API; the SDK appends /v1/...). */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_MAX_TOKENS = 1024;
/** Sent when no key is configured, so the SDK never searches the environment or profiles for credentials. */
const NO_KEY = 'no-api-key';

/** Options of AnthropicProvider: model, baseURL (without /v1), apiKey, timeoutMs, maxRetries, temperature, maxTokens. */
export type AnthropicProviderOptions = ModelProviderOptions;

/**
 * Anthropic's Messages API through the official `@anthropic-ai/sdk` (POST {baseURL}/v1/messages; baseURL without
 * /v1). Timeout and retries are the SDK's own (it retries 408, 409, 429, 5xx and connection failures with
 * exponential backoff). Failures become ProviderConnectionError, ProviderTimeoutError, ProviderRateLimitError
 * (429 after retries) or ProviderResponseError, naming the base URL, never the key. Defaults: model
 * claude-sonnet-4-5, timeout 60 000 ms, 2 retries, temperature 0, max_tokens 1024.
 */
export class AnthropicProvider implements LlmProvider {
  readonly name = 'anthropic';
  readonly modelId: string;
  readonly model: string;
  readonly baseURL: string;
  private readonly client: Anthropic;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly temperature: number | null;
  private readonly maxTokens: number;

  constructor(options: AnthropicProviderOptions = {}) {
    this.model = options.model || DEFAULT_ANTHROPIC_MODEL;
    this.modelId = `anthropic:${this.model}`;
    this.baseURL = trimTrailingSlash(options.baseURL || DEFAULT_ANTHROPIC_BASE_URL);
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HOSTED_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.temperature = options.temperature === undefined ? 0 : options.temperature;
    this.maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.client = new Anthropic({
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

  /** Lists models (GET {baseURL}/v1/models, first page), the cheapest authenticated call; resolves with round-trip ms. */
  async ping(): Promise<number> {
    const started = performance.now();
    try {
      await this.client.models.list({ limit: 1 });
    } catch (error) {
      throw this.mapError(error);
    }
    return Math.round(performance.now() - started);
  }

  private async chat(prompt: ChatPrompt): Promise<{ text: string; tokens: TokenUsage | null }> {
    let message: Anthropic.Messages.Message;
    try {
      message = await this.client.messages.create({
        model: this.model,
        max_tokens: this.maxTokens,
        system: prompt.system,
        messages: [{ role: 'user', content: prompt.user }],
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      });
    } catch (error) {
      throw this.mapError(error);
    }
    if (!Array.isArray(message?.content)) throw new ProviderResponseError(`${this.label()} returned a reply without content.`);
    const text = message.content
      .filter((block): block is Anthropic.Messages.TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('');
    const usage = message.usage;
    return { text, tokens: usage ? { prompt: usage.input_tokens ?? 0, completion: usage.output_tokens ?? 0 } : null };
  }

  private label(): string {
    return `Anthropic API at ${this.baseURL}`;
  }

  /** Maps SDK errors to the typed provider errors (see mapSdkError). */
  private mapError(error: unknown): ProviderError {
    return mapSdkError(error, {
      classes: Anthropic,
      label: this.label(),
      model: this.model,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      apiKey: this.apiKey,
    });
  }
}
