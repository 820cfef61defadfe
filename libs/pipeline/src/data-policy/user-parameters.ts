import type { Dialect } from '@nlq/contracts';
import { tokenizeSql } from '@nlq/db-drivers';
import { USER_PARAMETER_PREFIX } from './row-filter';

/**
 * Replaces each `:nlq_user__<name>` parameter of written SQL (outside strings and quoted names, found by the
 * dialect's tokenizer) with the dialect's positional placeholder (`$1, $2, ...` on PostgreSQL, `?` elsewhere) and
 * answers the user's attribute values in that order. A missing attribute refuses the statement, naming the attribute.
 */
export function bindUserParameters(
  sql: string,
  dialect: Dialect,
  attributes: Readonly<Record<string, string>>,
): { ok: true; sql: string; params: string[] } | { ok: false; problem: string } {
  const { tokens, error } = tokenizeSql(sql, dialect);
  if (error) return { ok: false, problem: 'the statement could not be checked against your data policy' };
  const params: string[] = [];
  let out = '';
  let at = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [colon, word] = [tokens[i], tokens[i + 1]];
    if (colon.text !== ':' || word.type !== 'word' || word.start !== colon.end) continue;
    if (!word.text.startsWith(USER_PARAMETER_PREFIX)) continue;
    const name = word.text.slice(USER_PARAMETER_PREFIX.length);
    if (!Object.hasOwn(attributes, name)) {
      return { ok: false, problem: `your data policy needs the user attribute "${name}", which you do not have` };
    }
    params.push(attributes[name]);
    out += sql.slice(at, colon.start) + (dialect === 'postgresql' ? `$${params.length}` : '?');
    at = word.end;
  }
  return { ok: true, sql: out + sql.slice(at), params };
}
