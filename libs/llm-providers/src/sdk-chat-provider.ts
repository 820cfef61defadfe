import { ChatProviderBase, type ChatProviderDefaults } from './chat-provider-base';
import type { ProviderError } from './errors';
import type { ModelProviderOptions } from './provider-options';
import { modelFetch } from './model-fetch';
import { mapSdkError, type SdkErrorContext } from './sdk-errors';

/** Sent when no key is configured, so the SDK never searches the environment for credentials; local servers ignore it. */
const NO_KEY = 'no-api-key';

/** Client options both Stainless-generated SDKs (`openai`, `@anthropic-ai/sdk`) take. */
export interface StainlessClientOptions {
  apiKey: string;
  baseURL: string;
  timeout: number;
  maxRetries: number;
  logLevel: 'off';
  fetch: typeof fetch;
}

/** An SDK's client class, which also carries the SDK's error classes as statics (`OpenAI.APIError`, ...). */
export type StainlessSdk<Client> = SdkErrorContext['classes'] & (new (options: StainlessClientOptions) => Client);

/**
 * A ChatProviderBase whose client is a Stainless-generated SDK: the client gets the key (or a placeholder), base
 * URL, timeout and retries (the SDK's own: 408, 409, 429, 5xx and connection failures with exponential backoff),
 * logging off and modelFetch (undici, keep-alive); errors map through mapSdkError, naming the label, never the key.
 */
export abstract class SdkChatProvider<Client> extends ChatProviderBase {
  protected readonly client: Client;
  private readonly sdk: StainlessSdk<Client>;

  protected constructor(
    idPrefix: string,
    options: ModelProviderOptions,
    defaults: ChatProviderDefaults,
    sdk: StainlessSdk<Client>,
  ) {
    super(idPrefix, options, defaults);
    this.sdk = sdk;
    this.client = new sdk({
      apiKey: this.apiKey ?? NO_KEY,
      baseURL: this.baseURL,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
      logLevel: 'off',
      fetch: modelFetch,
    });
  }

  /** Maps SDK errors to the typed provider errors (see mapSdkError). */
  protected mapError(error: unknown): ProviderError {
    return mapSdkError(error, {
      classes: this.sdk,
      label: this.label(),
      model: this.model,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      apiKey: this.apiKey,
    });
  }
}
