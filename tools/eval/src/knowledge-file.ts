import { readFileSync } from 'node:fs';
import type { DatabaseSchema, KnowledgeDefinition, KnowledgeDefinitionBody } from '@nlq/contracts';
import { KNOWLEDGE_DEFINITION_KINDS } from '@nlq/contracts';
import { checkDefinition } from '@nlq/pipeline';
import { parseDocument } from 'yaml';

/**
 * The knowledge file of one evaluation set (`npm run eval -- --knowledge SET=FILE`): the business
 * definitions of each of the set's databases, in the YAML that GET /api/knowledge/export writes for one connection,
 * one such document per database under `databases`:
 *
 * ```yaml
 * databases:
 *   car_dealership:
 *     definitions:
 *       - { kind: metric, name: total sales, synonyms: [], description: ..., expression: SUM(sales.sale_price) }
 * ```
 * Keys are the set's database names (the evaluation's connection ids).
 */
export type EvalKnowledge = ReadonlyMap<string, readonly KnowledgeDefinitionBody[]>;

const FIELDS: Record<KnowledgeDefinitionBody['kind'], readonly string[]> = {
  metric: ['name', 'expression'],
  filter: ['name', 'condition'],
  synonym: ['name', 'target'],
  instruction: ['text'],
  description: ['target', 'text'],
  relationship: ['from', 'to'],
};

/** One definition of the file as a body; `where` names it in errors. @throws Error when a required field is missing. */
function definitionBody(value: unknown, where: string): KnowledgeDefinitionBody {
  const fields =
    value && typeof value === 'object' && !Array.isArray(value)
      ? new Map(Object.entries(value))
      : new Map<string, unknown>();
  const kind = fields.get('kind');
  if (!(KNOWLEDGE_DEFINITION_KINDS as readonly unknown[]).includes(kind))
    throw new Error(`${where}: kind must be one of ${KNOWLEDGE_DEFINITION_KINDS.join(', ')}`);
  const text = (name: string) => String(fields.get(name) ?? '').trim();
  const missing = FIELDS[kind as KnowledgeDefinitionBody['kind']].filter((f) => !text(f));
  if (missing.length) throw new Error(`${where}: ${missing.join(', ')} should not be empty`);
  const synonyms = Array.isArray(fields.get('synonyms')) ? (fields.get('synonyms') as unknown[]).map(String) : [];
  switch (kind as KnowledgeDefinitionBody['kind']) {
    case 'metric':
      return {
        kind: 'metric',
        name: text('name'),
        synonyms,
        description: text('description'),
        expression: text('expression'),
        filter: text('filter') || null,
      };
    case 'filter':
      return {
        kind: 'filter',
        name: text('name'),
        synonyms,
        description: text('description'),
        condition: text('condition'),
      };
    case 'synonym':
      return { kind: 'synonym', name: text('name'), synonyms, target: text('target') };
    case 'instruction':
      return { kind: 'instruction', text: text('text'), scope: text('scope') === 'answer' ? 'answer' : 'sql' };
    case 'description':
      return { kind: 'description', target: text('target'), text: text('text') };
    case 'relationship':
      return { kind: 'relationship', from: text('from'), to: text('to') };
  }
}

/**
 * Reads a knowledge file (see {@link EvalKnowledge}).
 * @throws Error naming the file and the place when it is not YAML of that shape
 */
export function readKnowledgeFile(file: string): EvalKnowledge {
  const document = parseDocument(readFileSync(file, 'utf8'), { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length) throw new Error(`${file}: not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
  const root: unknown = document.toJS({ maxAliasCount: 0 });
  const databases = root && typeof root === 'object' ? new Map(Object.entries(root)).get('databases') : undefined;
  if (!databases || typeof databases !== 'object' || Array.isArray(databases))
    throw new Error(`${file}: must be a mapping with a databases mapping`);
  const knowledge = new Map<string, KnowledgeDefinitionBody[]>();
  for (const [db, entry] of Object.entries(databases)) {
    const definitions =
      entry && typeof entry === 'object' ? new Map(Object.entries(entry)).get('definitions') : undefined;
    if (!Array.isArray(definitions)) throw new Error(`${file}: databases.${db} must hold a definitions list`);
    knowledge.set(
      db,
      definitions.map((d, i) => definitionBody(d, `${file}: databases.${db}.definitions[${i}]`)),
    );
  }
  return knowledge;
}

/**
 * The definitions of `connectionId` as the state store holds them (version 1), each checked against the database's
 * introspected schema with the same check as POST /api/knowledge/definitions (@nlq/pipeline checkDefinition).
 * @throws Error naming the database, the definition and the problems when one does not hold
 */
export function definitionsFor(
  knowledge: EvalKnowledge | undefined,
  connectionId: string,
  schema: DatabaseSchema,
): KnowledgeDefinition[] {
  return (knowledge?.get(connectionId) ?? []).map((body, i) => {
    const problems = checkDefinition(body, schema);
    const label = 'name' in body ? body.name : `${body.kind} ${i + 1}`;
    if (problems.length)
      throw new Error(
        `knowledge of ${connectionId}: ${label}: ${problems.map((p) => `${p.field}: ${p.problems.join('; ')}`).join(' | ')}`,
      );
    return {
      ...body,
      id: `${connectionId}-${i + 1}`,
      connection_id: connectionId,
      version: 1,
      created_at: '',
      updated_at: '',
      updated_by: 'eval',
      deleted: false,
      status: 'active' as const,
    };
  });
}
