import { HistoryEntryEntity } from './history-entry.entity';
import { PendingOperationEntity } from './pending-operation.entity';
import { TraceEntity } from './trace.entity';

export { HistoryEntryEntity, PendingOperationEntity, TraceEntity };

/** Every entity of the state store. */
export const STATE_ENTITIES = [HistoryEntryEntity, PendingOperationEntity, TraceEntity];
