import type { PipelineConfig } from './ports';

/**
 * Defaults of the pipeline limits (apps/api reads the real values from its validated configuration).
 * cacheTtlSeconds 300 is docs/http-api.md "Contract: limits"; maxRetries 3 is the default of docs/architecture.md step 10; the rest are nlq's.
 */
export const DEFAULT_PIPELINE_CONFIG: Readonly<PipelineConfig> = Object.freeze({
  mode: 'user',
  maxQuestionChars: 2000,
  maxResultRows: 1000,
  statementTimeoutMs: 15000,
  maxRetries: 3,
  cacheTtlSeconds: 300,
  answerRowLimit: 50,
  schemaTokenBudget: 6000,
});
