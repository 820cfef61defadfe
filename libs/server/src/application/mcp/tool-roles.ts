import type { Role } from '@nlq/contracts';

/**
 * The weakest role that may call each MCP tool (docs/http-api.md "Roles and data policies"; docs/mcp.md "Roles"):
 * asking, reading the schema and reading one's own sessions are for every role, rating an answer needs `analyst`.
 * No tool approves or rejects a write (docs/mcp.md "Approval by a person"). A tool missing here needs `admin`, so a
 * tool added later is closed until its role is decided.
 */
export const MCP_TOOL_ROLES: Readonly<Record<string, Role>> = {
  ask: 'viewer',
  describe_schema: 'viewer',
  session_history: 'viewer',
  feedback: 'analyst',
};

/** The role {@link MCP_TOOL_ROLES} requires for `tool` (`admin` for a tool it does not list). */
export function toolRole(tool: string): Role {
  return MCP_TOOL_ROLES[tool] ?? 'admin';
}
