/** Test support of the pipeline (`@nlq/pipeline/testing`): an in-memory state store and a scripted provider. Never imported by production code. */
export * from './in-memory-state-store';
export * from './scripted-llm-provider';
export * from './scripted-pipeline';
export * from './embedding-stand-in';
export * from './knowledge-fixtures';
