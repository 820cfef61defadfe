import { InitialSchema1795496476816 } from './1795496476816-InitialSchema';
import { StateIndexes1795501073178 } from './1795501073178-StateIndexes';

/** The PostgreSQL migrations of the state store, oldest first (run by migrateStateStore under an advisory lock). */
export const POSTGRES_MIGRATIONS = [InitialSchema1795496476816, StateIndexes1795501073178];
