/** Options shared by the model-backed providers (openai-node style) and helpers for their error messages. */

/** Construction options of OllamaProvider, OpenAiProvider and AnthropicProvider. */
export interface ModelProviderOptions {
  /** Model name as the server knows it, e.g. `gpt-4o-mini`, `claude-sonnet-4-5`, `qwen2.5-coder:7b`. */
  model?: string;
  /** Server base URL (OpenAI-style URLs include `/v1`). */
  baseURL?: string;
  /** API key; may be omitted (or a dummy) for local servers. Never appears in error messages. */
  apiKey?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
  /** Retries after the first attempt for 408, 409, 429, 5xx and connection failures. */
  maxRetries?: number;
  /** Sampling temperature; default 0 (most deterministic SQL). null leaves the server's default (some models refuse 0). */
  temperature?: number | null;
  /** Upper bound of generated tokens per reply (Anthropic requires one; default 1024). */
  maxTokens?: number;
}

/** Default retries (as openai-node) and timeouts (ms) of the hosted and local providers. */
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_HOSTED_TIMEOUT_MS = 60_000;
export const DEFAULT_LOCAL_TIMEOUT_MS = 120_000;

/** Replaces every occurrence of `secret` (when at least 4 characters) in `text` with `***`. */
export function redact(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join('***') : text;
}

/** A short hint for common failure statuses (401/403 key, 404 model). */
export function statusHint(status: number, model: string, hasKey: boolean): string {
  if (status === 401 || status === 403) return hasKey ? ' Check the API key.' : ' No API key is configured; set one.';
  if (status === 404) return ` Check the model name "${model}" and the base URL.`;
  return '';
}

/** `https://host/v1/` -> `https://host/v1` */
export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
