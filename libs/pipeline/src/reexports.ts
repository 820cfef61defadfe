/**
 * What apps/api needs from the drivers and providers, re-exported so that the api depends on the pipeline only
 * (docs/architecture.md "Dependency rule": api -> pipeline, contracts): the factories that build the active connection's driver
 * and the model provider from configuration, and the error classes the api maps to HTTP statuses.
 */
export {
  createDriver,
  redactConnectionUrl,
  parseConnectionUrl,
  classifySql,
  DatabaseError,
  inspectPrivileges,
} from '@nlq/db-drivers';
export type { ConnectionPrivileges } from '@nlq/db-drivers';
// the parser and the reference check, for the knowledge definitions the api checks when they are saved (issue 23)
export { parseSql, checkReferences } from '@nlq/db-drivers';
export type { AstNode, ParseResult } from '@nlq/db-drivers';
export type { DatabaseDriver, DatabaseErrorKind } from '@nlq/db-drivers';
export {
  createProvider,
  ProviderError,
  ProviderConnectionError,
  ProviderTimeoutError,
  UnanswerableQuestionError,
} from '@nlq/llm-providers';
export type { LlmProvider, ProviderSettings, FewShotExample } from '@nlq/llm-providers';
