import {
  isRole,
  type DatabaseSchema,
  type DataPolicyDocument,
  type RoleDataPolicy,
  type TableSchema,
} from '@nlq/contracts';
import { checkReferences } from '@nlq/db-drivers';
import { parseRowFilter } from './row-filter';

/** One field of a refused policy and what is wrong with it (the shape of a 400 VALIDATION detail). */
export interface PolicyProblem {
  field: string;
  problems: string[];
}

/** The keys a role's entry may have. */
const ENTRY_KEYS = new Set(['tables', 'deny_columns', 'mask_columns', 'row_filters']);

/**
 * Checks a data policy document against the connection's schema (docs/http-api.md "Roles and data policies"):
 * role names; tables and `table.column` names that exist (compared without regard to case); row filters that parse as
 * one expression in the dialect (parseRowFilter) naming only existing tables and columns. Answers the document with
 * names as the schema spells them, or the problems, each under its field (`roles.viewer.tables[2]`). Pure.
 */
export function validateDataPolicy(
  given: unknown,
  schema: DatabaseSchema,
): { ok: true; policy: DataPolicyDocument } | { ok: false; problems: PolicyProblem[] } {
  const problems: PolicyProblem[] = [];
  const roles = (given as { roles?: unknown } | null)?.roles;
  if (typeof roles !== 'object' || roles === null || Array.isArray(roles)) {
    return { ok: false, problems: [{ field: 'roles', problems: ['roles must be an object keyed by role'] }] };
  }
  const policy: DataPolicyDocument = { roles: {} };
  for (const [role, entry] of Object.entries(roles)) {
    if (!isRole(role)) {
      problems.push({ field: `roles.${role}`, problems: ['not a role (viewer, analyst, approver, admin)'] });
      continue;
    }
    const checked = validateEntry(entry, schema, `roles.${role}`, problems);
    if (checked) policy.roles[role] = checked;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, policy };
}

function validateEntry(
  entry: unknown,
  schema: DatabaseSchema,
  field: string,
  problems: PolicyProblem[],
): RoleDataPolicy | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    problems.push({ field, problems: ['must be an object'] });
    return null;
  }
  const record = entry as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((key) => !ENTRY_KEYS.has(key));
  if (unknownKeys.length > 0) problems.push({ field, problems: unknownKeys.map((k) => `unknown key "${k}"`) });
  const out: RoleDataPolicy = {};
  if (record.tables !== undefined) {
    out.tables = names(record.tables, `${field}.tables`, problems, (name) => findTable(schema, name)?.name ?? null);
  }
  for (const key of ['deny_columns', 'mask_columns'] as const) {
    if (record[key] !== undefined) {
      out[key] = names(record[key], `${field}.${key}`, problems, (name) => findColumn(schema, name));
    }
  }
  if (record.row_filters !== undefined) out.row_filters = rowFilters(record.row_filters, schema, field, problems);
  return out;
}

/** A list of names, each resolved by `resolve` (null: unknown), as the schema spells them. */
function names(
  value: unknown,
  field: string,
  problems: PolicyProblem[],
  resolve: (name: string) => string | null,
): string[] {
  if (!Array.isArray(value)) {
    problems.push({ field, problems: ['must be a list of names'] });
    return [];
  }
  const out: string[] = [];
  value.forEach((name, index) => {
    const resolved = typeof name === 'string' ? resolve(name) : null;
    if (resolved === null)
      problems.push({ field: `${field}[${index}]`, problems: [`unknown: ${String(name).slice(0, 128)}`] });
    else out.push(resolved);
  });
  return out;
}

function rowFilters(
  value: unknown,
  schema: DatabaseSchema,
  field: string,
  problems: PolicyProblem[],
): Record<string, string> {
  const out: Array<[string, string]> = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ field: `${field}.row_filters`, problems: ['must be an object of table: condition'] });
    return {};
  }
  for (const [tableName, text] of Object.entries(value)) {
    const at = `${field}.row_filters.${tableName}`;
    const table = findTable(schema, tableName);
    if (!table) problems.push({ field: at, problems: [`unknown table: ${tableName.slice(0, 128)}`] });
    else if (typeof text !== 'string') problems.push({ field: at, problems: ['must be a SQL condition'] });
    else {
      const parsed = parseRowFilter(text, schema.dialect);
      const unknown = parsed.ok
        ? checkReferences(`SELECT * FROM ${table.name} WHERE ${parsed.sql}`, schema.dialect, schema)
        : [];
      if (!parsed.ok) problems.push({ field: at, problems: [parsed.problem] });
      else if (unknown.length > 0) problems.push({ field: at, problems: unknown });
      else out.push([table.name, text]);
    }
  }
  return Object.fromEntries(out);
}

/** The schema's table of that name, compared without regard to case. */
export function findTable(schema: DatabaseSchema, name: string): TableSchema | undefined {
  const wanted = name.toLowerCase();
  return schema.tables.find((t) => t.name.toLowerCase() === wanted);
}

/** `table.column` as the schema spells it, or null when either is unknown. */
function findColumn(schema: DatabaseSchema, name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const table = findTable(schema, name.slice(0, dot));
  const wanted = name.slice(dot + 1).toLowerCase();
  const column = table?.columns.find((c) => c.name.toLowerCase() === wanted);
  return table && column ? `${table.name}.${column.name}` : null;
}
