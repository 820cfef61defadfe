import { createEmbeddingClient, SemanticScorer } from '@nlq/pipeline';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { TypeOrmEmbeddingCache } from '../state/typeorm-embedding.cache';

/** Default servers of the providers that offer embeddings (the same defaults as their chat clients). */
const DEFAULT_EMBEDDING_URLS = { ollama: 'http://127.0.0.1:11434', openai: 'https://api.openai.com/v1' } as const;

/**
 * The pipeline's semantic schema linking when LLM_EMBEDDING_MODEL is set: embeddings from
 * LLM_PROVIDER's server (Ollama's /api/embed or an OpenAI-compatible /embeddings, at LLM_BASE_URL or the provider's
 * default) with LLM_API_KEY, table vectors cached in the state store. Null when unset, or (with a warning) when the
 * provider has no embeddings endpoint (anthropic, offline): linking then stays lexical.
 */
export function semanticLinkingFrom(config: AppConfig, dataSource: DataSource, logger: Logger): SemanticScorer | null {
  if (!config.embeddingModel) return null;
  const kind = config.llm.provider;
  if (kind !== 'ollama' && kind !== 'openai') {
    logger.warn(
      { provider: kind },
      'LLM_EMBEDDING_MODEL is set but LLM_PROVIDER has no embeddings endpoint: schema linking stays lexical',
    );
    return null;
  }
  const client = createEmbeddingClient({
    kind,
    baseURL: config.llm.baseUrl ?? DEFAULT_EMBEDDING_URLS[kind],
    model: config.embeddingModel,
    apiKey: config.llm.apiKey ?? undefined,
  });
  return new SemanticScorer(client, new TypeOrmEmbeddingCache(dataSource));
}
