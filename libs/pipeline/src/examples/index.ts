export { ExampleCurator, THUMBS_DOWN_REASON } from './example-curator';
export type { ExampleCuratorDeps, ExampleDecision } from './example-curator';
export { fingerprintDifference, ordersRows, resultFingerprint, sameShape } from './fingerprint';
