import { LineCounter, parseAllDocuments } from 'yaml';
import { ApiException } from '../../../platform/common/api.exception';
import { aliasOrMergeKey } from '../definitions/knowledge-import';

/** A mapping read from YAML: its keys looked up with Map, never as object properties. */
export type Fields = ReadonlyMap<string, unknown>;

/** The parts of a dbt project's `models/**\/*.yml` files the import reads (docs/knowledge.md "dbt semantic layer"). */
export interface DbtProject {
  /** Every `semantic_models` entry of every document. */
  semanticModels: Fields[];
  /** Every top-level `metrics` entry of every document. */
  metrics: Fields[];
  /** Every `models` entry (name, description, columns with their descriptions and tests). */
  models: Fields[];
}

/** Most semantic models, metrics and models one import may hold together. */
export const MAX_DBT_ENTRIES = 1000;

/** A YAML mapping as Fields; null for anything else. */
export function fields(value: unknown): Fields | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? new Map(Object.entries(value)) : null;
}

/** A YAML value as a list of mappings (a missing value is an empty list; entries that are not mappings dropped). */
export function list(value: unknown): Fields[] {
  return Array.isArray(value) ? value.map(fields).filter((f): f is Fields => f !== null) : [];
}

/** A field as a non-blank string, else undefined. */
export function text(f: Fields, key: string): string | undefined {
  const value = f.get(key);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * One or more YAML documents of a dbt project (separated by `---`, as `nlq knowledge import --dbt` concatenates
 * them), read as data: aliases and merge keys refused before anything is expanded, as in the nlq YAML import.
 * @throws ApiException 400 (field `yaml`) naming the document and line for invalid YAML, an alias or a merge key, a
 *   document that is not a mapping, or more than MAX_DBT_ENTRIES entries.
 */
export function parseDbtProject(source: string): DbtProject {
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(source, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const refuse = (problem: string) => ApiException.validation([{ field: 'yaml', problems: [problem] }]);
  const project: DbtProject = { semanticModels: [], metrics: [], models: [] };
  if (!Array.isArray(documents)) throw refuse('not valid YAML');
  for (const [index, document] of documents.entries()) {
    if (document.errors.length > 0)
      throw refuse(`document ${index + 1}: not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
    const reference = aliasOrMergeKey(document, lineCounter);
    if (reference) throw refuse(`document ${index + 1}: ${reference}`);
    const value: unknown = document.toJS({ maxAliasCount: 0 });
    if (value === null || value === undefined) continue;
    const top = fields(value);
    if (!top) throw refuse(`document ${index + 1}: must be a mapping (a dbt properties file)`);
    project.semanticModels.push(...list(top.get('semantic_models')));
    project.metrics.push(...list(top.get('metrics')));
    project.models.push(...list(top.get('models')));
  }
  const entries = project.semanticModels.length + project.metrics.length + project.models.length;
  if (entries > MAX_DBT_ENTRIES) throw refuse(`holds ${entries} entries; at most ${MAX_DBT_ENTRIES} at a time`);
  if (project.semanticModels.length + project.metrics.length === 0 && project.models.length === 0)
    throw refuse("holds no semantic_models, metrics or models (a dbt project's models/**/*.yml)");
  return project;
}
