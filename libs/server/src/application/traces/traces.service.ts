import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Page, type Trace, type TraceStatus, type TraceSummary } from '@nlq/contracts';
import { DataSource } from 'typeorm';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/common/keyset-cursor';
import { TraceEntity, toTrace } from '../../platform/state/entities';

/** Filters of GET /api/traces. */
export interface TraceFilter {
  page: number;
  pageSize: number;
  sessionId?: string;
  status?: TraceStatus;
  /** A next_cursor of an earlier page (keyset), or null. */
  cursor?: string | null;
}

/**
 * Pipeline traces (one per question, one span per stage) on the application surface: a user key sees the traces
 * of its own questions, the service key every trace. Newest first.
 */
@Injectable()
export class TracesService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * A page of traces, newest first (started_at DESC, id ASC): with `filter.cursor` the `pageSize` traces after the
   * cursor's trace by keyset on the ix_trace_started index (no OFFSET), else page `filter.page` by offset; one extra row
   * tells whether `next_cursor` (the last trace's start time and id) is set. `total` counts every matching trace.
   * @throws ApiException 400 for a cursor this list did not issue.
   */
  async list(caller: Caller, filter: TraceFilter): Promise<Page<TraceSummary> & { next_cursor: string | null }> {
    const after = filter.cursor ? decodeKeysetCursor(filter.cursor) : null;
    const scoped = () => {
      const qb = this.repository().createQueryBuilder('t');
      if (!seesEveryone(caller)) qb.andWhere('t.userId = :userId', { userId: caller.userId });
      if (filter.sessionId) qb.andWhere('t.sessionId = :sessionId', { sessionId: filter.sessionId });
      if (filter.status) qb.andWhere('t.status = :status', { status: filter.status });
      return qb;
    };
    const total = await scoped().getCount();
    const query = scoped().orderBy('t.startedAt', 'DESC').addOrderBy('t.id', 'ASC');
    if (after)
      query.andWhere('(t.startedAt < :at OR (t.startedAt = :at AND t.id > :id))', { at: after.at, id: after.id });
    else query.offset((filter.page - 1) * filter.pageSize);
    const rows = await query.limit(filter.pageSize + 1).getMany();
    const page = rows.slice(0, filter.pageSize);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => {
        const { spans, ...rest } = toTrace(row);
        return { ...rest, span_count: spans.length };
      }),
      page: after ? 1 : filter.page,
      page_size: filter.pageSize,
      total,
      next_cursor: rows.length > filter.pageSize && last ? encodeKeysetCursor(last.startedAt, last.id) : null,
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
