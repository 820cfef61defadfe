/** Test support of the drivers (`@nlq/db-drivers/testing`): scratch databases on each engine of this machine. Never imported by production code. */
export { SCRATCH_ENGINES } from './scratch-database';
export type { ScratchDatabase, ScratchEngine } from './scratch-database';
export { useScratchDriver, type ScratchDriver } from './scratch-driver';
