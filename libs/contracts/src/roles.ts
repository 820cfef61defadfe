/**
 * The roles of a caller, weakest first (docs/http-api.md "Roles and data policies"). Each role may do everything
 * the roles before it may:
 * - `viewer`: ask, read its own history, export;
 * - `analyst`: + rate answers, propose knowledge;
 * - `approver`: + approve or reject any user's held write;
 * - `admin`: + connections, models, knowledge, keys, policies, benchmarks.
 */
export const ROLES = ['viewer', 'analyst', 'approver', 'admin'] as const;

/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** true when `value` names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** true when `held` may do what `needed` may: its position in {@link ROLES} is the same or later. */
export function roleAtLeast(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}
