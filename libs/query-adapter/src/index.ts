/**
 * @nlq/query-adapter: the query adapter surface (docs/http-api.md "Contract: query adapter": POST /query, /approve/:session_id, /reject/:session_id,
 * /feedback/:session_id, GET /session/:session_id, POST /refresh, GET /health) mounted inside another server
 * process (docs/http-api.md "Contract: query adapter" rule 5), created with an `api_key` option (docs/http-api.md "Contract: authentication" rule 1). See the docs/embedding.md section "Mounting the
 * query adapter".
 */
export {
  createQueryAdapter,
  adapterEnvironment,
  type QueryAdapter,
  type QueryAdapterOptions,
  type AdapterInjectRequest,
  type AdapterInjectResponse,
  type LogDestination,
} from './query-adapter';
export { queryAdapterPlugin, type QueryAdapterPluginOptions } from './fastify-plugin';
export { createQueryAdapterHandler, type QueryAdapterHandler, type QueryAdapterHandlerOptions } from './node-handler';
export { isAdapterPath, ADAPTER_FIXED_PATHS, ADAPTER_SESSION_PATHS } from './adapter-routes';
