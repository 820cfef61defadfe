import type {
  KnowledgeDefinition,
  KnowledgeDefinitionBody,
  KnowledgeDefinitionOrigin,
  KnowledgeDefinitionStatus,
} from '@nlq/contracts';
import type { KnowledgeDefinitionEntity } from './knowledge-definition.entity';

/** A stored `knowledge_definition` row as the contracts KnowledgeDefinition: its body (JSON text) and its bookkeeping. */
export function toKnowledgeDefinition(row: KnowledgeDefinitionEntity): KnowledgeDefinition {
  return {
    id: row.id,
    connection_id: row.connectionId,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    updated_by: row.updatedBy,
    deleted: Boolean(row.deleted),
    origin: originView(row.origin),
    status: row.status as KnowledgeDefinitionStatus,
    ...(JSON.parse(row.body) as KnowledgeDefinitionBody),
  };
}

/**
 * The public part of a stored `origin` (JSON whose `source` and `entry` are strings; docs/knowledge.md "Export to
 * dbt"): null for none or for anything else.
 */
export function originView(origin: string | null | undefined): KnowledgeDefinitionOrigin | null {
  if (!origin) return null;
  const parsed = new Map(Object.entries(JSON.parse(origin) as object));
  const entry = parsed.get('entry');
  return parsed.get('source') === 'dbt' && typeof entry === 'string' ? { source: 'dbt', entry } : null;
}
