import { HistoryEntryEntity } from './history-entry.entity';
import { PendingOperationEntity } from './pending-operation.entity';
import { SchemaEmbeddingEntity } from './schema-embedding.entity';
import { TraceEntity } from './trace.entity';
import { toTrace } from './trace.mapper';
import { API_ENTITIES } from '../../auth/api-entities';
import { VerifiedExampleEntity } from './verified-example.entity';

export { HistoryEntryEntity, PendingOperationEntity, SchemaEmbeddingEntity, TraceEntity, toTrace };

/** Every entity of the state store. */
export const STATE_ENTITIES = [HistoryEntryEntity, PendingOperationEntity, TraceEntity, SchemaEmbeddingEntity, ...API_ENTITIES, VerifiedExampleEntity];
export { VerifiedExampleEntity };
