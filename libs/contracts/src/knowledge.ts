/**
 * The governed knowledge base of a connection: business definitions an admin writes so that nlq means
 * what the team means by "revenue" or "active customer". Wire types of /api/knowledge (docs/knowledge.md).
 */

/** The kinds of definition. */
export type KnowledgeDefinitionKind = 'metric' | 'filter' | 'synonym' | 'instruction' | 'description' | 'relationship';

/** Every kind, in the order the docs list them. */
export const KNOWLEDGE_DEFINITION_KINDS: readonly KnowledgeDefinitionKind[] = [
  'metric',
  'filter',
  'synonym',
  'instruction',
  'description',
  'relationship',
];

/**
 * A measure: `expression` is an SQL aggregate in the connection's dialect (`SUM(order_items.line_total)`), `filter`
 * an optional SQL condition every use of the metric applies (`orders.status <> 'cancelled'`).
 */
export interface MetricDefinitionBody {
  kind: 'metric';
  name: string;
  synonyms: string[];
  description: string;
  expression: string;
  filter?: string | null;
}

/** A named condition (`"good restaurant"` = `restaurant.rating > 2.5`). */
export interface FilterDefinitionBody {
  kind: 'filter';
  name: string;
  synonyms: string[];
  description: string;
  condition: string;
}

/** A word for a table, column or value: `target` is `table`, `table.column` or `table.column = 'value'`. */
export interface SynonymDefinitionBody {
  kind: 'synonym';
  name: string;
  synonyms: string[];
  target: string;
}

/** Free text for models: `sql` guides the SQL they write, `answer` the wording of answers. */
export interface InstructionDefinitionBody {
  kind: 'instruction';
  text: string;
  scope: 'sql' | 'answer';
}

/**
 * What a table or column means, in words (docs/knowledge.md "Descriptions"): `target` is `table` or `table.column`;
 * `text` is used like a database comment on it (model prompt, schema linking, the offline engine's words, the schema
 * endpoints' `description`). One a target.
 */
export interface DescriptionDefinitionBody {
  kind: 'description';
  target: string;
  text: string;
}

/**
 * A join key the database does not declare (docs/knowledge.md "Relationships"): `from` is the child column and `to`
 * the parent column it refers to, each `table.column`. Checked by sampling the data: most child values must be found
 * in the parent.
 */
export interface RelationshipDefinitionBody {
  kind: 'relationship';
  from: string;
  to: string;
}

/** What an admin writes: one definition of any kind. */
export type KnowledgeDefinitionBody =
  | MetricDefinitionBody
  | FilterDefinitionBody
  | SynonymDefinitionBody
  | InstructionDefinitionBody
  | DescriptionDefinitionBody
  | RelationshipDefinitionBody;

/**
 * Where a stored definition came from (docs/knowledge.md "Export to dbt"): `dbt` for one imported from a dbt
 * project, `entry` naming the project's part (`metric completed_revenue`, `model stg_customers column region`).
 */
export interface KnowledgeDefinitionOrigin {
  source: 'dbt';
  entry: string;
}

/** Bookkeeping of a stored definition (one version of it). */
export interface KnowledgeDefinitionMeta {
  id: string;
  connection_id: string;
  /** 1 when created; every PATCH or DELETE makes the next. */
  version: number;
  /** ISO-8601. */
  created_at: string;
  /** ISO-8601 time of this version. */
  updated_at: string;
  /** User id of the caller who made this version (`service` for the service key). */
  updated_by: string;
  /** True once deleted: the definition is no longer used, its history is kept. */
  deleted: boolean;
  /** Where it came from; null (or absent) for a definition typed in nlq. */
  origin?: KnowledgeDefinitionOrigin | null;
  /**
   * `active`: used at question time; `proposed`: an analyst's proposal, never used until an admin accepts it;
   * `rejected`: a proposal an admin rejected (docs/knowledge.md "Proposals").
   */
  status: KnowledgeDefinitionStatus;
}

/** The states of a definition (docs/knowledge.md "Proposals"). */
export const KNOWLEDGE_DEFINITION_STATUSES = ['active', 'proposed', 'rejected'] as const;

/** One of {@link KNOWLEDGE_DEFINITION_STATUSES}. */
export type KnowledgeDefinitionStatus = (typeof KNOWLEDGE_DEFINITION_STATUSES)[number];

/**
 * A definition as an answer's provenance names it: /api/chat `knowledge`, the history entry's
 * `knowledge`, the trace's record span. `name` is an instruction's text cut to 60 characters.
 */
export interface KnowledgeUse {
  kind: KnowledgeDefinitionKind;
  id: string;
  name: string;
  version: number;
}

/** A stored definition, as GET, POST and PATCH /api/knowledge/definitions answer it. */
export type KnowledgeDefinition = KnowledgeDefinitionBody & KnowledgeDefinitionMeta;

/** Answer of POST /api/knowledge/import: names created and updated (unchanged ones are neither). */
export interface KnowledgeImportResult {
  connection_id: string;
  created: number;
  updated: number;
  unchanged: number;
  created_names: string[];
  updated_names: string[];
  /**
   * The document's `policy:` section applied (docs/knowledge.md "YAML"): whether it changed the connection's data
   * policy (a new version) and the version in force; absent when the document has no policy.
   */
  policy?: { changed: boolean; version: number };
}

/**
 * Answer of POST /api/knowledge/import with `format: "dbt"` (docs/knowledge.md "dbt semantic layer"): the counts of
 * an nlq import, every definition imported (created, updated or unchanged) and everything of the project skipped with
 * its reason.
 */
export interface DbtImportResult extends KnowledgeImportResult {
  imported: Array<{ kind: KnowledgeDefinitionKind; name: string }>;
  skipped: Array<{ name: string; reason: string }>;
}
