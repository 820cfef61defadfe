import type { DatabaseSchema, KnowledgeDefinitionBody, KnowledgeImportResult } from '@nlq/contracts';
import { checkDefinition } from '@nlq/pipeline';
import { isAlias, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { ApiException, type FieldProblems } from '../../../platform/common/api.exception';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import type { DefinitionChange } from '../../../platform/state/repositories/knowledge-definitions.repository';
import { definitionKey, definitionLabel } from './definition-body';
import { firstVersion, nextVersion, validateBody } from './definition-rows';

/** Most definitions one YAML import may hold (docs/knowledge.md "YAML"). */
export const MAX_IMPORT_DEFINITIONS = 1000;

/** What a knowledge YAML document holds: its definitions and, when it has a `policy:` section, the policy. */
export interface ParsedImport {
  definitions: unknown[];
  /** The `roles` of the `policy:` section (the PUT /api/connections/{id}/policy document); undefined without one. */
  policy: { roles: unknown } | undefined;
}

/**
 * The `definitions` and the `policy` of a YAML document (docs/knowledge.md "YAML"). Aliases (`*name`) and merge keys
 * (`<<`) are refused with their line, before anything is expanded (so a "billion laughs" document costs nothing).
 * @throws ApiException 400 (field `yaml`) when it is not valid YAML, uses an alias or a merge key, is not a mapping
 *   with a `definitions` list, holds more than MAX_IMPORT_DEFINITIONS, or has a `policy` that is not a mapping.
 */
export function parseImport(text: string): ParsedImport {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const refuse = (problem: string) => ApiException.validation([{ field: 'yaml', problems: [problem] }]);
  if (document.errors.length > 0) throw refuse(`not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
  const reference = aliasOrMergeKey(document, lineCounter);
  if (reference) throw refuse(reference);
  const value: unknown = document.toJS({ maxAliasCount: 0 });
  const top = value && typeof value === 'object' && !Array.isArray(value) ? new Map(Object.entries(value)) : null;
  const definitions = top?.get('definitions');
  if (!Array.isArray(definitions)) throw refuse('must be a mapping with a definitions list (docs/knowledge.md "YAML")');
  if (definitions.length > MAX_IMPORT_DEFINITIONS)
    throw refuse(`holds ${definitions.length} definitions; at most ${MAX_IMPORT_DEFINITIONS} at a time`);
  const policy = top?.get('policy');
  if (policy === undefined || policy === null) return { definitions, policy: undefined };
  if (typeof policy !== 'object' || Array.isArray(policy))
    throw ApiException.validation([
      { field: 'policy', problems: ['must be a mapping with roles (docs/knowledge.md "YAML")'] },
    ]);
  return { definitions, policy: { roles: new Map(Object.entries(policy)).get('roles') } };
}

/** The first alias or merge key of a parsed YAML document, named with its line; null when it has none. */
export function aliasOrMergeKey(document: Document, lineCounter: LineCounter): string | null {
  let found: string | null = null;
  const line = (range: readonly number[] | null | undefined) =>
    range ? `line ${lineCounter.linePos(range[0]).line}` : 'the document';
  visit(document, {
    Alias(_key, node) {
      found = `${line(node.range)}: an alias (*${node.source}) is not allowed; write the value out`;
      return visit.BREAK;
    },
    Pair(_key, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') {
        found = `${line(pair.key.range)}: a merge key (<<) is not allowed; write the fields out`;
        return visit.BREAK;
      }
      if (isAlias(pair.key)) {
        found = `${line(pair.key.range)}: an alias is not allowed as a key`;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Every definition of an import validated (the DTO's rules) and checked against the schema (checkDefinition), with
 * problems named `definitions[i].field`: a definition the same as an earlier one of the document, or one that would
 * change the kind of the live definition of its name (a filter's next version a metric; PATCH refuses it too).
 */
export function checkImport(
  items: readonly unknown[],
  schema: DatabaseSchema,
  live: ReadonlyMap<string, KnowledgeDefinitionEntity>,
): { bodies: KnowledgeDefinitionBody[]; problems: FieldProblems } {
  const problems: FieldProblems = [];
  const bodies: KnowledgeDefinitionBody[] = [];
  const keys = new Map<string, number>();
  items.forEach((item, index) => {
    const prefix = `definitions[${index}].`;
    const found = validateBody(item, prefix);
    if (Array.isArray(found)) {
      problems.push(...found);
      return;
    }
    const key = definitionKey(found);
    const existing = live.get(key);
    if (existing && existing.kind !== found.kind) {
      problems.push({
        field: `${prefix}kind`,
        problems: [`the kind of a definition cannot change ("${existing.name}" is a ${existing.kind})`],
      });
      return;
    }
    for (const p of checkDefinition(found, schema))
      problems.push({ field: `${prefix}${p.field}`, problems: p.problems });
    const earlier = keys.get(key);
    if (earlier !== undefined)
      problems.push({ field: `${prefix}name`, problems: [`the same definition as definitions[${earlier}]`] });
    keys.set(key, index);
    bodies.push(found);
  });
  return { bodies, problems };
}

/**
 * The changes an import makes, in document order: a definition whose key matches a live one updates it when it
 * differs, any other is created; stamped a millisecond apart so that lists (oldest first) keep the document's order.
 * `origins` (by definitionKey, JSON) is stored on the versions written (a dbt import's provenance).
 */
export function planImport(
  bodies: readonly KnowledgeDefinitionBody[],
  live: ReadonlyMap<string, KnowledgeDefinitionEntity>,
  connectionId: string,
  userId: string,
  origins: ReadonlyMap<string, string> = new Map(),
): { changes: DefinitionChange[]; result: KnowledgeImportResult } {
  const start = Date.now();
  const changes: DefinitionChange[] = [];
  const result: KnowledgeImportResult = {
    connection_id: connectionId,
    created: 0,
    updated: 0,
    unchanged: 0,
    created_names: [],
    updated_names: [],
  };
  for (const [index, body] of bodies.entries()) {
    const now = new Date(start + index).toISOString();
    const label = definitionLabel(body);
    const existing = live.get(definitionKey(body));
    const origin = origins.get(definitionKey(body));
    if (!existing) {
      changes.push({ row: firstVersion(connectionId, body, now, userId, origin), change: 'create' });
      result.created_names.push(label);
    } else if (existing.body !== JSON.stringify(body)) {
      changes.push({ row: nextVersion(existing, body, now, userId, origin), change: 'update' });
      result.updated_names.push(label);
    } else {
      result.unchanged++;
    }
  }
  result.created = result.created_names.length;
  result.updated = result.updated_names.length;
  return { changes, result };
}
