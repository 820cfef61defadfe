export { OfflineProvider, type OfflineProviderOptions } from './offline.provider';
export { MODEL_HINT as OFFLINE_MODEL_HINT } from './unanswerable';
