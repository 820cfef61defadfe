import { HistoryEntryEntity } from './history-entry.entity';
import { PendingOperationEntity } from './pending-operation.entity';
import { TraceEntity } from './trace.entity';
import { API_ENTITIES } from '../../api-auth/api-entities';

export { HistoryEntryEntity, PendingOperationEntity, TraceEntity };

/** Every entity of the state store. */
export const STATE_ENTITIES = [HistoryEntryEntity, PendingOperationEntity, TraceEntity, ...API_ENTITIES];
