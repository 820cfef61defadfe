import { HistoryEntryEntity } from './history-entry.entity';
import { PendingOperationEntity } from './pending-operation.entity';
import { SchemaEmbeddingEntity } from './schema-embedding.entity';
import { TraceEntity } from './trace.entity';
import { KnowledgeDefinitionEntity } from './knowledge-definition.entity';
import { KnowledgeDefinitionVersionEntity } from './knowledge-definition-version.entity';
import { toTrace } from './trace.mapper';
import { API_ENTITIES } from '../../api-state/api-entities';
import { VerifiedExampleEntity } from './verified-example.entity';
import { BenchmarkEntity } from './benchmark.entity';
import { BenchmarkRunEntity } from './benchmark-run.entity';
import { SavedAnswerEntity } from './saved-answer.entity';
import { BoardEntity } from './board.entity';
import { ScheduleEntity } from './schedule.entity';
import { ScheduleRunEntity } from './schedule-run.entity';

export { HistoryEntryEntity, PendingOperationEntity, SchemaEmbeddingEntity, TraceEntity, toTrace };
export { KnowledgeDefinitionEntity, KnowledgeDefinitionVersionEntity };
export { originView, toKnowledgeDefinition } from './knowledge-definition.mapper';

/** Every entity of the state store. */
export const STATE_ENTITIES = [
  HistoryEntryEntity,
  PendingOperationEntity,
  TraceEntity,
  SchemaEmbeddingEntity,
  ...API_ENTITIES,
  KnowledgeDefinitionEntity,
  KnowledgeDefinitionVersionEntity,
  VerifiedExampleEntity,
  BenchmarkEntity,
  BenchmarkRunEntity,
  SavedAnswerEntity,
  BoardEntity,
  ScheduleEntity,
  ScheduleRunEntity,
];
export { BenchmarkEntity, BenchmarkRunEntity };
export { VerifiedExampleEntity };
export { SavedAnswerEntity };
export { BoardEntity };
export { ScheduleEntity, ScheduleRunEntity };
