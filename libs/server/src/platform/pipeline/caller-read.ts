import { ErrorCode, type Dialect } from '@nlq/contracts';
import { appliedDataPolicy, databaseIdentity, enforceDataPolicy, type DatabaseIdentity } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { callerAccess, type Principal } from '../auth/caller';
import { ApiException } from '../common/api.exception';
import { dataPolicySource } from './data-policy-source';

/** A statement as one caller's data policy lets it run: the SQL (masked and row-filtered) and its bound parameters. */
export interface CallerStatement {
  sql: string;
  params: string[];
}

/**
 * `sql` as the caller's data policy on the connection lets it run (masked, row-filtered, with bound parameters),
 * whoever wrote it (docs/http-api.md "Roles and data policies", "Enforcement"); unchanged without a policy for the
 * caller's role. Used by every re-run of stored SQL outside the pipeline: exports, saved answers, boards, schedules.
 * @param refusal the start of the 422 message, e.g. `Refused by your data policy`.
 * @throws ApiException 422 SQL_REFUSED naming the table or column the policy does not permit, never a value.
 */
export async function statementUnderPolicy(
  dataSource: DataSource,
  caller: Principal,
  connectionId: string,
  sql: string,
  dialect: Dialect,
  refusal = 'Refused by your data policy',
): Promise<CallerStatement> {
  const applied = await appliedDataPolicy(dataPolicySource(dataSource), connectionId, callerAccess(caller));
  if (!applied) return { sql, params: [] };
  const enforced = enforceDataPolicy(sql, dialect, applied.policy, applied.attributes);
  if (!enforced.ok) throw new ApiException(422, ErrorCode.SQL_REFUSED, `${refusal}: ${enforced.problem}.`);
  return { sql: enforced.sql, params: enforced.params };
}

/**
 * The database identity of the caller's reads when POSTGRES_RLS_ROLE_PREFIX (`rlsRolePrefix`) is set
 * (docs/http-api.md "PostgreSQL row-level security"), as runRead options: `{ identity }`, or `{}` when none applies.
 */
export function callerIdentity(
  rlsRolePrefix: string | null | undefined,
  caller: Principal,
  dialect: Dialect,
): { identity?: DatabaseIdentity } {
  const identity = databaseIdentity(rlsRolePrefix, dialect, caller.userId, callerAccess(caller));
  return identity ? { identity } : {};
}
