import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Page, type Trace, type TraceStatus, type TraceSummary } from '@nlq/contracts';
import { DataSource, type FindOptionsWhere } from 'typeorm';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { TraceEntity, toTrace } from '../../platform/state/entities';

/** Filters of GET /api/traces. */
export interface TraceFilter {
  page: number;
  pageSize: number;
  sessionId?: string;
  status?: TraceStatus;
}

/**
 * Pipeline traces (one per question, one span per stage) on the application surface: a user key sees the traces
 * of its own questions, the service key every trace. Newest first.
 */
@Injectable()
export class TracesService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(caller: Caller, filter: TraceFilter): Promise<Page<TraceSummary>> {
    const where: FindOptionsWhere<TraceEntity> = {};
    if (!seesEveryone(caller)) where.userId = caller.userId;
    if (filter.sessionId) where.sessionId = filter.sessionId;
    if (filter.status) where.status = filter.status;
    const [rows, total] = await this.repository().findAndCount({
      where,
      order: { startedAt: 'DESC', id: 'ASC' },
      skip: (filter.page - 1) * filter.pageSize,
      take: filter.pageSize,
    });
    return {
      items: rows.map((row) => {
        const { spans, ...rest } = toTrace(row);
        return { ...rest, span_count: spans.length };
      }),
      page: filter.page,
      page_size: filter.pageSize,
      total,
    };
  }

  /**
   * One trace with its spans.
   * @throws ApiException 404 for an unknown trace or another user's.
   */
  async get(caller: Caller, id: string): Promise<Trace> {
    const row = await this.repository().findOneBy({ id });
    if (!row || (!seesEveryone(caller) && row.userId !== caller.userId))
      throw new ApiException(404, ErrorCode.NOT_FOUND, `Trace "${id}" not found.`);
    return toTrace(row);
  }

  private repository() {
    return this.dataSource.getRepository(TraceEntity);
  }
}
