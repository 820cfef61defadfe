import type { Dialect } from '@nlq/contracts';
import { createHash } from 'node:crypto';
import type { DatabaseIdentity } from '@nlq/db-drivers';
import type { DataAccess } from './data-access';

/**
 * The database identity a question's reads run under (docs/http-api.md "Roles and data policies", PostgreSQL
 * row-level security): with a role prefix configured (POSTGRES_RLS_ROLE_PREFIX) and a PostgreSQL connection, the
 * database role `<prefix><role>` and the settings `nlq.user_id` and `nlq.user_<attribute>`; else null.
 */
export function databaseIdentity(
  rolePrefix: string | null | undefined,
  dialect: Dialect,
  userId: string,
  access: DataAccess | undefined,
): DatabaseIdentity | null {
  if (!rolePrefix || dialect !== 'postgresql' || !access) return null;
  const settings = new Map<string, string>([['nlq.user_id', userId]]);
  for (const [name, value] of Object.entries(access.attributes)) settings.set(`nlq.user_${name}`, value);
  return { role: `${rolePrefix}${access.role}`, settings: Object.fromEntries(settings) };
}

/** A digest of the identity (role and settings), for result-cache keys: answers are shared only under the same. */
export function identityKey(identity: DatabaseIdentity): string {
  const settings = Object.entries(identity.settings).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([identity.role, settings]))
    .digest('base64url')
    .slice(0, 22);
}
