import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { linkSchema, renderSchema } from '@nlq/pipeline';

/**
 * Prompt budget of `describe_schema` with a search, in tokens of 4 characters (pipeline step 4's unit): about
 * 2,000 characters, a handful of tables. Schema linking packs the best-matching tables first, joined by their
 * foreign-key paths, then fills what is left (docs/architecture.md "Schema linking").
 */
export const SEARCH_BUDGET_TOKENS = 500;
/** Budget without a search: a schema up to about 80,000 characters is described whole, a larger one is packed. */
export const WHOLE_BUDGET_TOKENS = 20_000;

/** One table as `describe_schema` answers it. */
export interface DescribedTable {
  [key: string]: unknown;
  schema: string | null;
  name: string;
  kind: 'table' | 'view';
  comment: string | null;
  /** The comment with the connection's description definitions laid over it (docs/knowledge.md "Descriptions"). */
  description: string | null;
  row_count: number | null;
  primary_key: string[];
  columns: Array<{
    name: string;
    type: string;
    nullable: boolean;
    primary_key: boolean;
    comment: string | null;
    description: string | null;
  }>;
  /** Columns linking left out of `columns` (counted, as the prompt shows `-- + N more columns`). */
  more_columns: number;
  foreign_keys: Array<{ columns: string[]; references_table: string; references_columns: string[] }>;
}

/** The structured answer of `describe_schema`. */
export interface SchemaDescription {
  [key: string]: unknown;
  connection_id: string;
  dialect: string;
  version: string;
  search: string | null;
  /** true when tables or columns were left out (a search narrowed it, or the whole schema exceeds the budget). */
  reduced: boolean;
  table_count: number;
  tables: DescribedTable[];
}

/**
 * The tables and columns of `schema` for `describe_schema`: with `search`, those schema linking keeps for it
 * (linkSchema of @nlq/pipeline, the pipeline's own step 4, within SEARCH_BUDGET_TOKENS); without, the whole schema
 * (packed the same way only beyond WHOLE_BUDGET_TOKENS). `text` is the kept schema as the SQL prompt renders it
 * (CREATE TABLE statements with keys, references, comments and sample values).
 */
export function describeSchema(
  connectionId: string,
  schema: DatabaseSchema,
  search: string | null,
): { text: string; structured: SchemaDescription } {
  const linked = linkSchema(search ?? '', schema, search ? SEARCH_BUDGET_TOKENS : WHOLE_BUDGET_TOKENS);
  return {
    text: renderSchema(linked.schema),
    structured: {
      connection_id: connectionId,
      dialect: schema.dialect,
      version: schema.version,
      search,
      reduced: linked.reduced,
      table_count: schema.tables.length,
      tables: linked.schema.tables.map(describeTable),
    },
  };
}

function describeTable(table: TableSchema & { promptColumns?: readonly string[] }): DescribedTable {
  const shown = table.promptColumns ? new Set(table.promptColumns) : null;
  const columns = shown ? table.columns.filter((c) => shown.has(c.name)) : table.columns;
  return {
    schema: table.schema ?? null,
    name: table.name,
    kind: table.kind,
    comment: table.comment ?? null,
    description: table.comment ?? null,
    row_count: table.rowCount ?? null,
    primary_key: table.primaryKey,
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      primary_key: c.primaryKey,
      comment: c.comment ?? null,
      description: c.comment ?? null,
    })),
    more_columns: table.columns.length - columns.length,
    foreign_keys: table.foreignKeys.map((fk) => ({
      columns: fk.columns,
      references_table: fk.referencedTable,
      references_columns: fk.referencedColumns,
    })),
  };
}
