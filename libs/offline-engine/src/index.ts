/**
 * The built-in offline text-to-SQL engine (docs/architecture.md "The offline engine"): no model, no network. The
 * provider adapter (OfflineProvider) lives in @nlq/llm-providers; test fixtures and the adversarial question
 * generator are behind `@nlq/offline-engine/testing`.
 */
export { OfflineEngine, type OfflineEngineOptions } from './offline-engine';
export { OfflineClarificationError, OfflineRefusalError, MODEL_HINT as OFFLINE_MODEL_HINT } from './unanswerable';
export type { EarlierTurn, OfflineAnswerRequest, OfflineSqlRequest } from './engine-types';
