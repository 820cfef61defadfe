import type { DatabaseIdentity } from '@nlq/db-drivers';
import type { ReadResult } from '@nlq/contracts';
import { DatabaseError } from '@nlq/db-drivers';
import type { DatabaseDriver } from '@nlq/db-drivers';

/** Outcome of running one read. */
export type ExecuteResult = { ok: true; result: ReadResult } | { ok: false; error: DatabaseError };

/**
 * Pipeline step 9 (docs/architecture.md): run a checked read through the driver (read-only transaction or connection, row
 * limit `maxRows`, statement timeout `timeoutMs` in milliseconds). Never throws: a failure comes back as a
 * DatabaseError (a non-DatabaseError thrown by a driver is wrapped with kind `other`).
 */
export async function executeRead(
  driver: DatabaseDriver,
  sql: string,
  options: { maxRows: number; timeoutMs: number; params?: readonly string[]; identity?: DatabaseIdentity },
): Promise<ExecuteResult> {
  try {
    return { ok: true, result: await driver.runRead(sql, options) };
  } catch (error) {
    return { ok: false, error: toDatabaseError(error) };
  }
}

/** The error as a DatabaseError (kind `other` when a driver threw something else). */
export function toDatabaseError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  return new DatabaseError('other', error instanceof Error ? error.message : String(error));
}
