/**
 * Test support of the pipeline for other packages' tests (`@nlq/pipeline/testing`): an in-memory state store and a
 * scripted provider. The pipeline's own tests also use the scripted pipeline, the embedding stand-in and the
 * knowledge fixtures of this folder, by path. Never imported by production code.
 */
export { InMemoryStateStore } from './in-memory-state-store';
export { ScriptedLlmProvider } from './scripted-llm-provider';
export type { ScriptedSql } from './scripted-llm-provider';
