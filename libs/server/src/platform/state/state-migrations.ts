import type { DataSource } from 'typeorm';

/** Key of the PostgreSQL advisory lock that serialises state migrations across replicas (any constant bigint). */
export const STATE_MIGRATION_LOCK_KEY = 7_245_118_603;

/** The tables the first migration creates: a state database holding them but no migration record predates migrations. */
const BASELINE_TABLE = 'history_entry';

/**
 * Brings the state database to the schema of the committed migrations (libs/server/src/platform/state/migrations/<driver>/),
 * once, however many replicas start together (TypeORM recommends migrations over `synchronize` in production:
 * https://typeorm.io/docs/advanced-topics/migrations):
 * - PostgreSQL: under a session advisory lock (`pg_advisory_lock`, PostgreSQL manual 9.27.10), each migration in its
 *   own transaction; a replica that waited finds them applied and runs none.
 * - SQLite: inside `BEGIN IMMEDIATE`, which takes the database's write lock (https://sqlite.org/lang_transaction.html);
 *   another process waits for it (busy timeout) and then finds the migrations applied.
 * A state database made by an earlier nlq (tables created by `synchronize`, no migration record) is first brought up
 * to the entities additively and the migrations present are recorded as applied (a one-time baseline).
 * @returns the names of the migrations this call applied (empty when the database was current).
 * @throws the driver's error when a migration fails (its transaction is rolled back; the start fails).
 */
export async function migrateStateStore(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type === 'postgres') {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [STATE_MIGRATION_LOCK_KEY]);
      try {
        await baselineLegacyDatabase(dataSource);
        return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [STATE_MIGRATION_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }
  await baselineLegacyDatabase(dataSource);
  await dataSource.query('BEGIN IMMEDIATE');
  try {
    const applied = await dataSource.runMigrations({ transaction: 'none' });
    await dataSource.query('COMMIT');
    return applied.map((m) => m.name);
  } catch (error) {
    await dataSource.query('ROLLBACK');
    throw error;
  }
}

/**
 * A database whose tables predate migrations (made by `synchronize` in nlq before migrations, so it has the first
 * migration's tables and no migrations table): add what the entities lack (additive, as synchronize did) and record
 * every migration present as applied, so none re-creates a table. Does nothing on a fresh or migrated database.
 */
async function baselineLegacyDatabase(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable(BASELINE_TABLE))) return;
    if (await runner.hasTable(dataSource.options.migrationsTableName ?? 'migrations')) return;
  } finally {
    await runner.release();
  }
  await dataSource.synchronize();
  await dataSource.runMigrations({ transaction: 'none', fake: true });
}
