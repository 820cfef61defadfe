import type { DatabaseIdentity } from '@nlq/db-drivers';
import type { Dialect, ReadResult } from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';

/** A statement's own row cap: the number and the statement without it. */
export interface RowCap {
  limit: number;
  /** The statement with the cap removed (the same statement otherwise). */
  uncapped: string;
}

const TRAILING_LIMIT = /\s+LIMIT\s+(\d+)\s*;?\s*$/i;
const TRAILING_FETCH = /\s+(?:OFFSET\s+0\s+ROWS?\s+)?FETCH\s+(?:FIRST|NEXT)\s+(\d+)\s+ROWS?\s+ONLY\s*;?\s*$/i;
const LEADING_TOP = /^(\s*SELECT\s+(?:DISTINCT\s+)?)TOP\s*\(?\s*(\d+)\s*\)?\s+/i;

/**
 * The outermost row cap of a read: a trailing `LIMIT n` (SQLite, PostgreSQL, MySQL/MariaDB, Snowflake), a trailing
 * `FETCH FIRST|NEXT n ROWS ONLY` (SQL:2008, SQL Server after OFFSET 0 ROWS) or a leading `SELECT [DISTINCT] TOP (n)`
 * (SQL Server). Only a cap at the very end (or start) of the statement counts: a LIMIT inside a subquery ends before
 * its closing parenthesis. Null when the statement has none of these.
 */
export function rowCap(sql: string, dialect: Dialect): RowCap | null {
  for (const pattern of [TRAILING_LIMIT, TRAILING_FETCH]) {
    const match = pattern.exec(sql);
    if (match) return { limit: Number(match[1]), uncapped: sql.slice(0, match.index) };
  }
  if (dialect === 'transactsql') {
    const top = LEADING_TOP.exec(sql);
    if (top) return { limit: Number(top[2]), uncapped: top[1] + sql.slice(top[0].length) };
  }
  return null;
}

/**
 * Honest counts (docs/architecture.md step 9): whether the row limit cut `result`, and how many rows
 * the statement returns without it.
 *
 * The result was cut when the driver says so (more than `maxRows` rows), or when the statement's own cap is at least
 * `maxRows` (the row limit nlq asks every generator to write, not a top-N the question asked for) and it returned
 * that many rows. Then the uncapped statement's rows are counted read-only (`SELECT COUNT(*) FROM (...)`) under the
 * statement timeout `timeoutMs` (ms): a count no larger than the rows returned means nothing was cut; a count that
 * fails or times out leaves `totalRows` null and the answer says "at least". Never throws.
 */
export async function countCutRows(
  driver: DatabaseDriver,
  sql: string,
  dialect: Dialect,
  result: ReadResult,
  options: { maxRows: number; timeoutMs: number; params?: readonly string[]; identity?: DatabaseIdentity },
): Promise<{ truncated: boolean; totalRows: number | null }> {
  const cap = rowCap(sql, dialect);
  const cutByCap = cap !== null && cap.limit >= options.maxRows && result.rowCount >= cap.limit;
  if (!result.truncated && !cutByCap) return { truncated: false, totalRows: null };
  const body = (cutByCap && cap ? cap.uncapped : sql).replace(/;\s*$/, '');
  try {
    const counted = await driver.runRead(`SELECT COUNT(*) AS nlq_total FROM (${body}) nlq_rows`, {
      maxRows: 1,
      timeoutMs: options.timeoutMs,
      params: options.params,
      identity: options.identity,
    });
    const total = Number(counted.rows[0]?.[0]);
    if (!Number.isFinite(total)) return { truncated: true, totalRows: null };
    if (total <= result.rowCount) return { truncated: false, totalRows: null };
    return { truncated: true, totalRows: total };
  } catch {
    return { truncated: true, totalRows: null };
  }
}
