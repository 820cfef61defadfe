import type { LlmProviderName } from '@nlq/contracts';
import { AnthropicProvider } from './anthropic/anthropic.provider';
import { OfflineProvider } from './offline.provider';
import { OllamaProvider } from './ollama/ollama.provider';
import { OpenAiProvider } from './openai/openai.provider';
import type { LlmProvider } from './provider';

/** A stored model provider setting (see LlmInput in @nlq/contracts), with the API key decrypted. */
export interface ProviderSettings {
  provider: 'offline' | 'ollama' | 'openai' | 'anthropic';
  /** Model name; default per provider: gpt-4o-mini, claude-sonnet-4-5, qwen2.5-coder:7b. */
  model?: string | null;
  /** Base URL; default https://api.openai.com/v1, https://api.anthropic.com, http://127.0.0.1:11434. */
  baseUrl?: string | null;
  apiKey?: string | null;
  /** Per-request timeout in milliseconds (default 60 000 hosted, 120 000 Ollama). */
  timeoutMs?: number | null;
  /** Retries for 408, 409, 429, 5xx and connection failures (default 2). */
  maxRetries?: number | null;
}

/** Compile-time check that ProviderSettings['provider'] stays the wire type's provider names. */
const _sameNames: LlmProviderName extends ProviderSettings['provider'] ? true : false = true;

/**
 * Builds the provider a setting describes. `offline` is the built-in engine and ignores the other fields.
 * @throws Error for an unknown provider name (validation should have caught it earlier)
 */
export function createProvider(settings: ProviderSettings): LlmProvider {
  const options = {
    model: settings.model ?? undefined,
    baseURL: settings.baseUrl ?? undefined,
    apiKey: settings.apiKey ?? undefined,
    timeoutMs: settings.timeoutMs ?? undefined,
    maxRetries: settings.maxRetries ?? undefined,
  };
  switch (settings.provider) {
    case 'offline':
      return new OfflineProvider();
    case 'ollama':
      return new OllamaProvider(options);
    case 'openai':
      return new OpenAiProvider(options);
    case 'anthropic':
      return new AnthropicProvider(options);
    default:
      throw new Error(
        `Unknown model provider "${String((settings as { provider?: unknown }).provider)}"; expected offline, ollama, openai or anthropic.`,
      );
  }
}
