import Anthropic from '@anthropic-ai/sdk';
import { StreamIdleTimeout, type ChatStreamPart } from '../answer-stream';
import type { ChatReply } from '../chat-provider-base';
import { ProviderResponseError, ProviderTimeoutError } from '../errors';
import type { ChatPrompt } from '../prompt';
import { DEFAULT_HOSTED_TIMEOUT_MS, type ModelProviderOptions } from '../provider-options';
import { SdkChatProvider } from '../sdk-chat-provider';

/** Default model and base URL (Anthropic's own API; the SDK appends /v1/...). */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_MAX_TOKENS = 1024;

/** Options of AnthropicProvider: model, baseURL (without /v1), apiKey, timeoutMs, maxRetries, temperature, maxTokens. */
export type AnthropicProviderOptions = ModelProviderOptions;

/**
 * Anthropic's Messages API through the official `@anthropic-ai/sdk` (POST {baseURL}/v1/messages; baseURL without
 * /v1). Timeout and retries are the SDK's own (it retries 408, 409, 429, 5xx and connection failures with
 * exponential backoff). Failures become ProviderConnectionError, ProviderTimeoutError, ProviderRateLimitError
 * (429 after retries) or ProviderResponseError, naming the base URL, never the key. Defaults: model
 * claude-sonnet-4-5, timeout 60 000 ms, 2 retries, temperature 0, max_tokens 1024.
 */
export class AnthropicProvider extends SdkChatProvider<Anthropic> {
  readonly name = 'anthropic';
  private readonly maxTokens: number;

  constructor(options: AnthropicProviderOptions = {}) {
    super(
      'anthropic',
      options,
      { model: DEFAULT_ANTHROPIC_MODEL, baseURL: DEFAULT_ANTHROPIC_BASE_URL, timeoutMs: DEFAULT_HOSTED_TIMEOUT_MS },
      Anthropic,
    );
    this.maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  }

  /** Lists models (GET {baseURL}/v1/models, first page), the cheapest authenticated call. */
  protected listModels(): Promise<unknown> {
    return this.client.models.list({ limit: 1 });
  }

  /** POST {baseURL}/v1/messages; the reply text is the concatenation of its text blocks. */
  protected async chat(prompt: ChatPrompt): Promise<ChatReply> {
    const message = await this.mapped(() =>
      this.client.messages.create({
        model: this.model,
        max_tokens: this.maxTokens,
        system: prompt.system,
        messages: [{ role: 'user', content: prompt.user }],
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      }),
    );
    if (!Array.isArray(message?.content))
      throw new ProviderResponseError(`${this.label()} returned a reply without content.`);
    const text = message.content
      .filter((block): block is Anthropic.Messages.TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('');
    const usage = message.usage;
    return { text, tokens: usage ? { prompt: usage.input_tokens ?? 0, completion: usage.output_tokens ?? 0 } : null };
  }

  /**
   * POST {baseURL}/v1/messages with `stream: true` through the SDK's `messages.stream` (server-sent events
   * message_start, content_block_start/delta/stop, message_delta, message_stop): yields each `text_delta` (thinking
   * blocks are other block types and never yielded), then the usage of the final message. `timeoutMs` is also an
   * idle timeout between events (ProviderTimeoutError), since the SDK's own covers the request until it starts.
   */
  protected async *chatStream(prompt: ChatPrompt): AsyncGenerator<ChatStreamPart, void, undefined> {
    const idle = new StreamIdleTimeout(this.timeoutMs);
    try {
      yield* this.streamEvents(prompt, idle);
    } catch (error) {
      if (!idle.fired) throw error;
    } finally {
      idle.stop();
    }
    // The SDK ends an aborted stream quietly or with an abort error: either way it was the idle timeout.
    if (idle.fired)
      throw new ProviderTimeoutError(
        `${this.label()} sent nothing for ${this.timeoutMs} ms while streaming (model ${this.model}).`,
      );
  }

  private async *streamEvents(
    prompt: ChatPrompt,
    idle: StreamIdleTimeout,
  ): AsyncGenerator<ChatStreamPart, void, undefined> {
    const stream = this.client.messages.stream(
      {
        model: this.model,
        max_tokens: this.maxTokens,
        system: prompt.system,
        messages: [{ role: 'user', content: prompt.user }],
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      },
      { signal: idle.signal },
    );
    try {
      for await (const event of stream) {
        idle.restart();
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text)
          yield { text: event.delta.text };
      }
      // finalMessage also surfaces an error that ended the stream between two reads of the iterator.
      const usage = (await stream.finalMessage()).usage;
      if (usage) yield { tokens: { prompt: usage.input_tokens ?? 0, completion: usage.output_tokens ?? 0 } };
    } finally {
      if (!stream.ended) stream.abort();
    }
  }

  protected label(): string {
    return `Anthropic API at ${this.baseURL}`;
  }
}
