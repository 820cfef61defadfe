import OpenAI from 'openai';
import { StreamIdleTimeout, type ChatStreamPart } from '../answer-stream';
import type { ChatReply } from '../chat-provider-base';
import { ProviderResponseError, ProviderTimeoutError } from '../errors';
import type { ChatPrompt } from '../prompt';
import { DEFAULT_HOSTED_TIMEOUT_MS, type ModelProviderOptions } from '../provider-options';
import { SdkChatProvider } from '../sdk-chat-provider';

/** Default model and base URL (OpenAI's own API). */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

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
export class OpenAiProvider extends SdkChatProvider<OpenAI> {
  readonly name = 'openai';

  constructor(options: OpenAiProviderOptions = {}) {
    super(
      'openai',
      options,
      { model: DEFAULT_OPENAI_MODEL, baseURL: DEFAULT_OPENAI_BASE_URL, timeoutMs: DEFAULT_HOSTED_TIMEOUT_MS },
      OpenAI,
    );
  }

  /** Lists models (GET {baseURL}/models), the cheapest authenticated call. */
  protected listModels(): Promise<unknown> {
    return this.client.models.list();
  }

  /** POST {baseURL}/chat/completions with a system and a user message; the reply is the first choice. */
  protected async chat(prompt: ChatPrompt): Promise<ChatReply> {
    const completion = await this.mapped(() =>
      this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      }),
    );
    const choice = completion?.choices?.[0];
    if (!choice?.message) throw new ProviderResponseError(`${this.label()} returned a reply without choices.`);
    const usage = completion.usage;
    return {
      text: choice.message.content ?? '',
      tokens: usage ? { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0 } : null,
    };
  }

  /**
   * POST {baseURL}/chat/completions with `stream: true` and `stream_options.include_usage` (server-sent
   * `chat.completion.chunk` events ending with `data: [DONE]`, iterated by the SDK's Stream): yields each
   * `choices[0].delta.content`, then the usage of the final chunk when the server sends one. `timeoutMs` is also an
   * idle timeout between chunks (ProviderTimeoutError), since the SDK's own covers the request until it starts.
   */
  protected async *chatStream(prompt: ChatPrompt): AsyncGenerator<ChatStreamPart, void, undefined> {
    const idle = new StreamIdleTimeout(this.timeoutMs);
    try {
      yield* this.streamChunks(prompt, idle);
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

  private async *streamChunks(
    prompt: ChatPrompt,
    idle: StreamIdleTimeout,
  ): AsyncGenerator<ChatStreamPart, void, undefined> {
    const stream = await this.client.chat.completions.create(
      {
        model: this.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        stream: true,
        stream_options: { include_usage: true },
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      },
      { signal: idle.signal },
    );
    for await (const chunk of stream) {
      idle.restart();
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) yield { text };
      if (chunk.usage)
        yield { tokens: { prompt: chunk.usage.prompt_tokens ?? 0, completion: chunk.usage.completion_tokens ?? 0 } };
    }
  }

  protected label(): string {
    return `OpenAI-compatible API at ${this.baseURL}`;
  }
}
