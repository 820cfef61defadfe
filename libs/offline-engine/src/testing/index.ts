/**
 * Test support of the offline engine (`@nlq/offline-engine/testing`): hand-written schemas (a shop, GeoQuery's
 * geography, one named entirely with Object.prototype keys) and the seeded adversarial question generator of the
 * question fuzz. Never imported by production code.
 */
export * from './adversarial-questions';
export * from './geo-schema.fixture';
export * from './prototype-schema.fixture';
export * from './shop-schema.fixture';
export * from './small-schemas.fixture';
