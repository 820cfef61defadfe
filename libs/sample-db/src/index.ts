/** @nlq/sample-db: deterministic generator of the sample online-shop SQLite database. */
export {
  SAMPLE_DB_DEFAULTS,
  ensureSampleDatabase,
  generateSampleDatabase,
  type SampleDatabaseOptions,
  type SampleDatabaseStats,
  type TableRowCount,
} from './sample-db.generator';
export { SHOP_TABLES, type ShopTable } from './shop-schema';
export { Random } from './random';
export { plannedSizes, type PlannedSizes } from './shop-dimensions';
export { HISTORY_START_DAY, HISTORY_END_DAY, formatDay } from './calendar';
