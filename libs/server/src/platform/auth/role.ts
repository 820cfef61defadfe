/**
 * The roles of the application surface, lowest first, as docs/http-api.md "Sign-in" lists them: `viewer` (ask, own
 * history, export), `analyst` (+ rate answers, propose knowledge), `approver` (+ approve or reject held writes),
 * `admin` (+ connections, models, knowledge, keys).
 */
export const ROLES = ['viewer', 'analyst', 'approver', 'admin'] as const;

/** One of {@link ROLES}; this mirrors the roles of docs/http-api.md. */
export type Role = (typeof ROLES)[number];

/** Whether `value` names a role. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The higher of two roles in the order of {@link ROLES}. */
export function higherRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b;
}
