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
 * {@link PG} and drop it (CASCADE) afterwards. When PostgreSQL is unreachable, prints
 * `${skipMessage}: <url> unreachable (<reason>)` and leaves `admin` null.
 */
export function usePostgresSchema(prefix: string, skipMessage: string): PostgresSchema {
  const state: { schema: string; admin: Client | null } = { schema: `${prefix}_${process.pid}_${Date.now()}`, admin: null };

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
      await state.admin.query(`DROP SCHEMA "${state.schema}" CASCADE`);
      await state.admin.end();
    }
  });

  return state;
}
