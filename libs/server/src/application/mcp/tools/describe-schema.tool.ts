import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { callerAccess } from '../../../platform/auth/caller';
import { z } from 'zod';
import { ApiException } from '../../../platform/common/api.exception';
import type { McpCallContext } from '../mcp-call-context';
import { describeSchema } from '../schema-description';
import { toolAnswer } from '../tool-result';
import { runTool } from '../tool-runner';
import type { McpToolDeps } from './mcp-tool-deps';

/** Longest `search`, in characters (a question's worth). */
export const MAX_SEARCH_CHARS = 500;

const COLUMN = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  primary_key: z.boolean(),
  comment: z.string().nullable(),
  description: z.string().nullable(),
});
const TABLE = z.object({
  schema: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['table', 'view']),
  comment: z.string().nullable(),
  description: z.string().nullable(),
  row_count: z.number().nullable(),
  primary_key: z.array(z.string()),
  columns: z.array(COLUMN),
  more_columns: z.number().int(),
  foreign_keys: z.array(
    z.object({ columns: z.array(z.string()), references_table: z.string(), references_columns: z.array(z.string()) }),
  ),
});

/**
 * Tool `describe_schema` ({ search? }): the tables and columns of the active connection from the pipeline's schema
 * cache (QueryPipeline.connectionSchema, introspected once like a question would), narrowed to `search` by the
 * pipeline's schema linking (describeSchema). Errors: 400 VALIDATION for a search over MAX_SEARCH_CHARS, 502 when
 * the database cannot be introspected.
 */
export function registerDescribeSchemaTool(server: McpServer, deps: McpToolDeps, context: McpCallContext): void {
  server.registerTool(
    'describe_schema',
    {
      title: 'Describe the database schema',
      description:
        'The tables and columns of the connected database (types, keys, references, comments, approximate row counts). Give search (a question or a few words) to get only the tables nlq links to it, the way it picks them for a question.',
      inputSchema: {
        search: z
          .string()
          .optional()
          .describe('A question or keywords to narrow the schema to, e.g. "orders per customer"'),
      },
      outputSchema: {
        connection_id: z.string(),
        dialect: z.string(),
        version: z.string(),
        search: z.string().nullable(),
        reduced: z.boolean().describe('true when tables or columns were left out'),
        table_count: z.number().int().describe('Tables in the whole schema'),
        tables: z.array(TABLE),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    ({ search }) =>
      runTool('describe_schema', context, deps.logger, async () => {
        const wanted = search?.trim() || null;
        if (wanted !== null && (wanted.length > MAX_SEARCH_CHARS || wanted.includes('\u0000'))) {
          throw ApiException.validation([
            { field: 'search', problems: [`search must be at most ${MAX_SEARCH_CHARS} characters without NUL`] },
          ]);
        }
        const { connectionId, schema } = await deps.pipeline.visibleConnectionSchema(callerAccess(context.caller));
        const { text, structured } = describeSchema(connectionId, schema, wanted);
        return toolAnswer(text, structured);
      }),
  );
}
