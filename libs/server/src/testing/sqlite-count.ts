import Database from 'better-sqlite3';

/**
 * The number `sql` (a `SELECT COUNT(*) AS n ...`) counts in the SQLite file `file`, opened read-only: what the
 * database itself holds, to compare an answer or a held write with.
 */
export function sqliteCount(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
