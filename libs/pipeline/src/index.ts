/**
 * The face of `@nlq/pipeline` (docs/architecture.md "Packages"): what the server, the deployables and the tools use.
 * The pipeline itself, its ports (the state store, target resolver, audit and event sinks the server implements),
 * its errors, the result cache and live event bus, the functions the server's own surfaces reuse (schema linking,
 * secret scrubbing, history entries, the definition check), and re-exports of the drivers and providers
 * (reexports.ts). Test helpers are in `@nlq/pipeline/testing`.
 */
export { QueryPipeline } from './query-pipeline';
export { INTERRUPTED_APPROVAL_ERROR } from './approval/approval-flow';
export type { AskOutcome } from './types';
export type {
  AuditLogger,
  EventSink,
  ExampleChange,
  ExampleFilter,
  ExecutionLease,
  ExecutionOutcome,
  HistoryPage,
  HistoryPageRequest,
  HistoryReadOptions,
  PendingOperation,
  PipelineConfig,
  QueryTarget,
  StateRecords,
  StateStore,
  TargetResolver,
  VerifiedExampleStore,
} from './ports';
export { DEFAULT_PIPELINE_CONFIG } from './pipeline-config';
export { ApprovalConflictError, ApprovalExecutionError, NothingPendingError, PipelineError } from './errors';
export { FeedbackTargetError } from './feedback/feedback-target';
export { InMemoryResultCache } from './result-cache';
export type { CachedAnswer, ResultCache } from './result-cache';
export { connectionCachePrefix, NearDuplicateIndex } from './stages/cache';
export type { RememberedQuestion, ReuseScope } from './stages/cache';
export { InMemoryEventBus } from './event-bus';
export type { LiveEventBus, LiveEventListener } from './event-bus';
export { rememberSecrets, scrubMessage } from './secret-scrubber';
export { historyEntry } from './stages/record';
export { linkSchema, renderSchema } from './stages/linking';
export type { LinkedSchema } from './stages/linking';
export { SemanticScorer } from './linking/semantic-scores';
export type { EmbeddingCache } from './linking/semantic-scores';
export type { ExampleDecision } from './examples/example-curator';
export { ExampleQuestions } from './example-questions/example-questions';
export { descriptionsOf, withDescriptions, withSchemaDefinitions } from './knowledge/schema-descriptions';
export { withRelationships } from './knowledge/schema-relationships';
export { checkDefinition } from './knowledge/definition-check';
export { pageOfHistory } from './history-page';
export { InvalidHistoryCursorError } from './ports';
export { keptResult } from './kept-result';
export { definitionCostProblems, DefinitionProbeUnavailableError } from './knowledge/definition-cost';
export * from './reexports';
export {
  accuracyOf,
  benchmarkFingerprint,
  findRegressions,
  fingerprintChanges,
  MAX_PERMUTATIONS,
  parseCsv,
  parseCsvObjects,
  resultsMatch,
  runBenchmarkQuestions,
  sqlHasOrderBy,
  valueKey,
} from './benchmarks';
export type { ResultSet } from './benchmarks';
export {
  validateDataPolicy,
  findTable,
  parseRowFilter,
  USER_PARAMETER_PREFIX,
  enforceDataPolicy,
  MASK,
  type PolicyProblem,
  type EnforcedStatement,
  appliedDataPolicy,
  visibleSchema,
  type AppliedDataPolicy,
  type DataAccess,
  type DataPolicySource,
  databaseIdentity,
} from './data-policy';
export { DATA_POLICY_REFUSAL, refusedByDataPolicy } from './attempt/data-policy-stage';
export { templateAnswer } from './stages/answer-template';
export { factualSummary } from './stages/answer';
export { countCutRows, rowCap } from './stages/row-total';
export type { RowCap } from './stages/row-total';
