import { DEFAULT_PIPELINE_CONFIG, type PipelineConfig } from '@nlq/pipeline';
import type { AppConfig } from '../config/app-config';

/**
 * The pipeline's limits from the validated configuration: mode, question length, rows, statement timeout and
 * retries, answer mode and conversation turns from the environment; the cache TTL (300 s, docs/http-api.md "Contract: limits"), the rows the answer writer sees and the
 * schema prompt budget from the pipeline's defaults.
 */
export function pipelineConfigFrom(config: AppConfig): PipelineConfig {
  return {
    ...DEFAULT_PIPELINE_CONFIG,
    mode: config.mode,
    postgresRlsRolePrefix: config.postgresRlsRolePrefix,
    maxQuestionChars: config.maxQuestionChars,
    maxResultRows: config.maxResultRows,
    statementTimeoutMs: config.statementTimeoutMs,
    maxRetries: config.maxRetries,
    answerMode: config.answerMode,
    conversationTurns: config.conversationTurns,
  };
}
