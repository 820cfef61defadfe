import type { Role } from './roles';

/**
 * What one role may see of a connection (docs/http-api.md "Roles and data policies"). Names are as the schema
 * gives them: `tables` names tables, the column lists name `table.column`, `row_filters` maps a table to one SQL
 * expression in the connection's dialect where `:user.<attribute>` stands for the caller's attribute, bound as a
 * parameter.
 */
export interface RoleDataPolicy {
  /** Allow-list of tables; absent: every table. */
  tables?: string[];
  /** Columns never returned, filtered, grouped, ordered or joined on. */
  deny_columns?: string[];
  /** Columns returned masked. */
  mask_columns?: string[];
  /** Per table, the condition every row read from it must meet. */
  row_filters?: Record<string, string>;
}

/** The data policy of a connection: per role; a role without an entry sees everything. */
export interface DataPolicyDocument {
  roles: Partial<Record<Role, RoleDataPolicy>>;
}

/** GET/PUT /api/connections/{id}/policy: the document and its version. */
export interface DataPolicyView extends DataPolicyDocument {
  connection_id: string;
  /** 0 before any PUT (no policy), then 1, 2, ... per saved change. */
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}
