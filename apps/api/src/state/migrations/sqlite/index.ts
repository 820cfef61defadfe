import { InitialSchema1795496474596 } from './1795496474596-InitialSchema';

/** The SQLite migrations of the state store, oldest first (run by migrateStateStore inside BEGIN IMMEDIATE). */
export const SQLITE_MIGRATIONS = [InitialSchema1795496474596];
