import type { KnowledgeDefinition, KnowledgeDefinitionBody, KnowledgeDefinitionStatus } from '@nlq/contracts';
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
    status: row.status as KnowledgeDefinitionStatus,
    ...(JSON.parse(row.body) as KnowledgeDefinitionBody),
  };
}
