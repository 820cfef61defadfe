/** Test support of the providers (`@nlq/llm-providers/testing`): local servers speaking each model provider's wire protocol with scripted replies, and the seeded adversarial question generator of the question fuzz. Never imported by production code. */
export * from './scripted-model-server';
export * from './adversarial-questions';
