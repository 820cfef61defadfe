import { ApiException } from '../common/api.exception';

/** An attribute name: a letter or `_`, then letters, digits or `_`, at most 64 characters. */
const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Most attributes one user carries. */
export const MAX_ATTRIBUTES = 32;
/** Longest attribute value, in characters. */
export const MAX_ATTRIBUTE_CHARS = 256;

/**
 * A user's attributes as a Map-safe plain record of strings (row filters bind them as `:user.<name>`, docs/http-api.md
 * "Roles and data policies"): names of letters, digits and `_`, at most {@link MAX_ATTRIBUTES}, string values of at
 * most {@link MAX_ATTRIBUTE_CHARS} characters.
 * @throws ApiException 400 VALIDATION naming the field `attributes` and the offending name.
 */
export function validAttributes(given: Record<string, unknown>): Record<string, string> {
  const problems: string[] = [];
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    problems.push('attributes must be an object of string values');
  } else {
    const names = Object.keys(given);
    if (names.length > MAX_ATTRIBUTES) problems.push(`at most ${MAX_ATTRIBUTES} attributes`);
    for (const name of names) {
      const value = given[name];
      if (!ATTRIBUTE_NAME.test(name))
        problems.push(`attribute name "${name.slice(0, 64)}" must be letters, digits or _`);
      else if (typeof value !== 'string' || value.length > MAX_ATTRIBUTE_CHARS) {
        problems.push(`attribute "${name}" must be a string of at most ${MAX_ATTRIBUTE_CHARS} characters`);
      }
    }
  }
  if (problems.length > 0) throw ApiException.validation([{ field: 'attributes', problems }]);
  return Object.fromEntries(Object.entries(given).map(([name, value]) => [name, String(value)]));
}
