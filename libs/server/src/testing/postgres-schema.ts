import { Client } from 'pg';

/** The PostgreSQL server of the state tests (trust auth, database `test`). */
export const PG = 'postgres://postgres@127.0.0.1:5432/test';

/** A schema of its own for one describe block, and an admin client to look into it. */
export interface PostgresSchema {
  /** The schema's name, `${prefix}_${pid}_${time}`. */
  readonly schema: string;
  /** Connected admin client once beforeAll ran, or null when PostgreSQL is unreachable (the tests then skip). */
  readonly admin: Client | null;
}

/**
 * Register beforeAll/afterAll hooks of the calling describe block that create a fresh schema `${prefix}_...` in
 * {@link PG} and drop it (CASCADE) afterwards. Jest runs afterAll hooks in the order they were declared, so the drop
 * may run before the block's own afterAll closes an app that still writes there (a background task): a drop that
 * deadlocks with it is retried (see dropSchema). When PostgreSQL is unreachable, prints
 * `${skipMessage}: <url> unreachable (<reason>)` and leaves `admin` null.
 */
export function usePostgresSchema(prefix: string, skipMessage: string): PostgresSchema {
  const state: { schema: string; admin: Client | null } = {
    schema: `${prefix}_${process.pid}_${Date.now()}`,
    admin: null,
  };

  beforeAll(async () => {
    const client = new Client({ connectionString: PG, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query(`CREATE SCHEMA "${state.schema}"`);
      state.admin = client;
    } catch (error) {
      console.warn(`${skipMessage}: ${PG} unreachable (${(error as Error).message})`);
    }
  });
  afterAll(async () => {
    if (state.admin) {
      await dropSchema(state.admin, state.schema);
      await state.admin.end();
    }
  });

  return state;
}

/** SQLSTATEs of a drop that lost to a concurrent transaction: deadlock_detected, lock_not_available (PostgreSQL manual, Appendix A). */
const RETRIED_SQLSTATES = new Set(['40P01', '55P03']);

/**
 * `DROP SCHEMA ... CASCADE`, retried up to 10 times 200 ms apart when it deadlocks with (or waits on a lock of) a
 * transaction that an app not yet closed still runs in the schema. @throws the last error otherwise
 */
async function dropSchema(admin: Client, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!RETRIED_SQLSTATES.has(code) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
