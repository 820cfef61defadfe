import { ROLES, type Role } from '@nlq/contracts';

export { isRole, type Role } from '@nlq/contracts';

/** The higher of two roles in the order of the contracts' ROLES (docs/http-api.md "Roles and data policies"). */
export function higherRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b;
}
