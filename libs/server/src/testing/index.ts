/**
 * Test support of the server (`@nlq/server/testing`): a real api on an ephemeral port, HTTP and event-stream
 * clients, scratch PostgreSQL schemas, the state engines, scripted model servers and the hostile schema. Never
 * imported by production code; the production entry point is `@nlq/server`.
 */
export * from './api-live-client';
export * from './hostile-schema';
export * from './postgres-schema';
export * from './scripted-model';
export * from './sqlite-count';
export * from './sse-client';
export * from './state-engines';
export * from './test-app';
export * from './oidc-provider';
export * from './free-port';
export * from './delivery-receivers';
export * from './oidc-sign-in';
