import type { DatabaseSchema, DataPolicyDocument, Dialect, Role, RoleDataPolicy } from '@nlq/contracts';
import { createHash } from 'node:crypto';
import { enforceDataPolicy } from './enforce-data-policy';

/** Who asks, for the data policy: the caller's role and attributes (docs/http-api.md "Roles and data policies"). */
export interface DataAccess {
  role: Role;
  attributes: Readonly<Record<string, string>>;
}

/** Where the pipeline reads a connection's data policy (the api's state store). */
export interface DataPolicySource {
  /** The connection's policy document and its version (0 and no roles when none is set). */
  policyFor(connectionId: string): Promise<{ document: DataPolicyDocument; version: number }>;
}

/** The policy one question runs under, with the caller's attributes and its part of the result-cache key. */
export interface AppliedDataPolicy {
  policy: RoleDataPolicy;
  attributes: Readonly<Record<string, string>>;
  /** Role, policy version and a digest of the attributes: answers are shared only under the same. */
  key: string;
}

/** The policy of `access.role` on the connection, or null when the role has no entry (it sees everything). */
export async function appliedDataPolicy(
  source: DataPolicySource | undefined,
  connectionId: string,
  access: DataAccess | undefined,
): Promise<AppliedDataPolicy | null> {
  if (!source || !access) return null;
  const { document, version } = await source.policyFor(connectionId);
  const policy = Object.hasOwn(document.roles, access.role) ? document.roles[access.role] : undefined;
  if (!policy) return null;
  const attributes = JSON.stringify(Object.entries(access.attributes).sort(([a], [b]) => (a < b ? -1 : 1)));
  const digest = createHash('sha256').update(attributes).digest('base64url').slice(0, 22);
  return { policy, attributes: access.attributes, key: `${access.role}@${version}:${digest}` };
}

/** Visible schemas already built, per schema snapshot and per what of a policy shapes them (see visibleSchema). */
const visibleBySchema = new WeakMap<DatabaseSchema, Map<string, DatabaseSchema>>();
/** Distinct policies remembered per schema snapshot; the oldest is dropped beyond this. */
const VISIBLE_PER_SCHEMA = 64;

/**
 * The schema as the role may see it, for the prompt and the schema linking: only allowed tables, without denied
 * columns, and without the sample values of denied or masked columns. The same object for the same schema snapshot
 * and the same tables, denied and masked columns (row filters do not change it), so what is prepared once per schema
 * object downstream (the offline engine's lexicon, the linking index, the prompt's schema text) is prepared once per
 * policy too, not on every question. Never change the answer.
 */
export function visibleSchema(schema: DatabaseSchema, policy: RoleDataPolicy): DatabaseSchema {
  const key = JSON.stringify([policy.tables ?? null, policy.deny_columns ?? [], policy.mask_columns ?? []]);
  let byPolicy = visibleBySchema.get(schema);
  if (!byPolicy) visibleBySchema.set(schema, (byPolicy = new Map()));
  const known = byPolicy.get(key);
  if (known) return known;
  const visible = buildVisibleSchema(schema, policy);
  if (byPolicy.size >= VISIBLE_PER_SCHEMA) byPolicy.delete(byPolicy.keys().next().value as string);
  byPolicy.set(key, visible);
  return visible;
}

function buildVisibleSchema(schema: DatabaseSchema, policy: RoleDataPolicy): DatabaseSchema {
  const allowed = policy.tables ? new Set(policy.tables.map((t) => t.toLowerCase())) : null;
  const denied = new Set((policy.deny_columns ?? []).map((c) => c.toLowerCase()));
  const masked = new Set((policy.mask_columns ?? []).map((c) => c.toLowerCase()));
  const tables = schema.tables
    .filter((t) => allowed === null || allowed.has(t.name.toLowerCase()))
    .map((t) => {
      const visible = (table: string, column: string) => !denied.has(`${table}.${column}`.toLowerCase());
      return {
        ...t,
        columns: t.columns
          .filter((c) => visible(t.name, c.name))
          .map((c) => (masked.has(`${t.name}.${c.name}`.toLowerCase()) ? { ...c, sampleValues: undefined } : c)),
        foreignKeys: t.foreignKeys.filter(
          (fk) =>
            (allowed === null || allowed.has(fk.referencedTable.toLowerCase())) &&
            fk.columns.every((c) => visible(t.name, c)) &&
            fk.referencedColumns.every((c) => visible(fk.referencedTable, c)),
        ),
      };
    });
  return { ...schema, tables };
}

/**
 * Whether a verified example's SQL may be shown to the model under the policy: only SQL the policy would let run
 * (enforceDataPolicy), so a few-shot example never names a table or column the role may not see.
 */
export function admitsUnder(applied: AppliedDataPolicy, dialect: Dialect): (sql: string) => boolean {
  return (sql) => enforceDataPolicy(sql, dialect, applied.policy, applied.attributes).ok;
}
