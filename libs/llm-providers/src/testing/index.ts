/** Test support of the providers (`@nlq/llm-providers/testing`): local servers speaking each model provider's wire protocol with scripted replies. Never imported by production code. */
export * from './scripted-model-server';
