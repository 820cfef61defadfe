/**
 * Runs the state store's database work one piece at a time on SQLite, directly on PostgreSQL. TypeORM shares one
 * connection between all callers of a better-sqlite3 DataSource, so concurrent transactions would nest into each
 * other; every store operation is therefore serialized in process, and SQLite's file lock (busy timeout 5 s)
 * serializes other processes. PostgreSQL's pool gives each transaction its own connection.
 */
export class ExclusiveRunner {
  private queue: Promise<unknown> = Promise.resolve();

  /** @param serialize true for SQLite (better-sqlite3), false for PostgreSQL */
  constructor(private readonly serialize: boolean) {}

  /** Run `fn` alone (SQLite) or directly (PostgreSQL); resolves or rejects as `fn` does. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.serialize) return fn();
    const run = this.queue.then(() => fn());
    this.queue = run.catch(() => undefined);
    return run;
  }
}
