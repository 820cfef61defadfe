/**
 * Names of the drivers and the model providers that the packages above the pipeline use, re-exported so that they
 * depend on the pipeline only (docs/architecture.md "Dependency rule"): the factories that build a connection's
 * driver, the model provider and the embedding client from configuration, the connection-URL helpers, the SQL
 * classifier, the privilege inspection, the SQL tokenizer and identifier quoting the dbt import writes expressions
 * with, and the error classes the server maps to HTTP statuses.
 */
export {
  createDriver,
  redactConnectionUrl,
  parseConnectionUrl,
  classifySql,
  DatabaseError,
  inspectPrivileges,
  qualifyColumns,
  quoteIdentifierIfNeeded,
  tokenizeSql,
} from '@nlq/db-drivers';
export type { DatabaseDriver, DatabaseIdentity } from '@nlq/db-drivers';
export {
  createProvider,
  createEmbeddingClient,
  ProviderError,
  ProviderConnectionError,
  UnanswerableQuestionError,
} from '@nlq/llm-providers';
export type { LlmProvider, ProviderSettings } from '@nlq/llm-providers';
