import { createDriver } from '../create-driver';
import type { DatabaseDriver } from '../driver';
import type { ScratchDatabase, ScratchEngine } from './scratch-database';

/** The connected driver of a {@link useScratchDriver} block; read it inside tests, once beforeAll ran. */
export interface ScratchDriver {
  readonly driver: DatabaseDriver;
  /** The scratch database's connection URL (for an api that connects to it itself). */
  readonly url: string;
}

/**
 * Registers beforeAll/afterAll hooks of the calling describe block: a scratch database of `engine`
 * (SCRATCH_ENGINES) with a connected driver of its own, on which the `fixture` statements run once, in order (each
 * under a 5 s statement timeout); afterwards the driver is closed and the database dropped.
 */
export function useScratchDriver(engine: ScratchEngine, fixture: readonly string[] = []): ScratchDriver {
  let db: ScratchDatabase | undefined;
  let driver: DatabaseDriver | undefined;
  beforeAll(async () => {
    db = await engine.create();
    driver = createDriver(db.url);
    await driver.connect();
    for (const sql of fixture) await driver.runWrite(sql, { timeoutMs: 5000 });
  });
  afterAll(async () => {
    await driver?.close();
    await db?.drop();
  });
  return {
    get driver(): DatabaseDriver {
      if (!driver) throw new Error('useScratchDriver: the driver is connected in beforeAll; read it inside a test');
      return driver;
    },
    get url(): string {
      if (!db) throw new Error('useScratchDriver: the database is created in beforeAll; read it inside a test');
      return db.url;
    },
  };
}
