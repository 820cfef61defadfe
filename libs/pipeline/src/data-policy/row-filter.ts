import type { Dialect } from '@nlq/contracts';
import { parseDefinitionExpression, type DefinitionExpression } from '@nlq/db-drivers';

/** `:user.<attribute>` in a row filter (docs/http-api.md "Roles and data policies"). */
const USER_PARAMETER = /:user\.([A-Za-z_][A-Za-z0-9_]{0,63})\b/g;

/** Prefix of the named parameter a `:user.<attribute>` becomes in the parsed filter. */
export const USER_PARAMETER_PREFIX = 'nlq_user__';

/**
 * A row filter read as data: `:user.<attribute>` becomes the named parameter `:nlq_user__<attribute>`, then the text
 * is parsed as one expression in the dialect (parseDefinitionExpression: no comment, no `;`, one expression, allowed
 * functions only). Refused: a parameter other than a user attribute. Never throws.
 */
export function parseRowFilter(text: string, dialect: Dialect): DefinitionExpression & { attributes?: string[] } {
  const attributes = new Set<string>();
  const rewritten = text.replace(USER_PARAMETER, (_match, name: string) => {
    attributes.add(name);
    return `:${USER_PARAMETER_PREFIX}${name}`;
  });
  if (/:(?!nlq_user__)[A-Za-z_]/.test(rewritten.replace(/'(?:[^']|'')*'/g, "''"))) {
    return { ok: false, problem: 'a parameter must be written :user.<attribute>' };
  }
  const parsed = parseDefinitionExpression(rewritten, dialect);
  return parsed.ok ? { ...parsed, attributes: [...attributes] } : parsed;
}
