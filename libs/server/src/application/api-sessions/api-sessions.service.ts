import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type ApprovalDecisionResponse,
  type FeedbackResponse,
  type FeedbackSignal,
  type HistoryEntry,
  type Page,
  type SessionDetail,
  type SessionSummary,
} from '@nlq/contracts';
import { FeedbackTargetError, QueryPipeline } from '@nlq/pipeline';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { assertRole } from '../../platform/auth/required-role';
import { HistoryEntryEntity } from '../../platform/state/entities';
import { ApiSessionEntity } from '../../platform/api-state/api-session.entity';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import { ApiException } from '../../platform/common/api.exception';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/common/keyset-cursor';
import { suggestChart } from '../chat/chart-suggestion';
import { historyListEntry } from '../../platform/sessions/history-list-entry';

/**
 * Sessions on the application surface, scoped to the caller (docs/http-api.md "Contract: authentication" rule 4): the paged list, one session with its
 * history and feedback, and approve/reject/feedback with the rules of the query adapter surface (docs/http-api.md "Contract: query adapter" rule 2),
 * the deciding user being the caller (named in the audit log).
 */
@Injectable()
export class ApiSessionsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly access: SessionAccessService,
  ) {}

  /**
   * The caller's sessions (service key: all), most recently active first (last activity DESC, id ASC): id, owner,
   * last question and its time, number of queries, number of entries in error, last activity. With `cursor` the
   * `pageSize` sessions after the cursor's session by keyset on (last activity, id), else page `page` by offset; one
   * extra row tells whether `next_cursor` is set (docs/http-api.md "Paged lists").
   * @throws ApiException 400 for a cursor this list did not issue.
   */
  async list(
    caller: Caller,
    paging: { page: number; pageSize: number; cursor?: string | null },
  ): Promise<Page<SessionSummary> & { next_cursor: string | null }> {
    const { page, pageSize } = paging;
    const after = paging.cursor ? decodeKeysetCursor(paging.cursor) : null;
    const scoped = (qb: SelectQueryBuilder<HistoryEntryEntity>) =>
      seesEveryone(caller) ? qb : this.ownedBy(qb, caller.userId);
    const countRow = await scoped(
      this.history().createQueryBuilder('h').select('COUNT(DISTINCT h.session_id)', 'total'),
    ).getRawOne<{ total: string | number }>();
    const query = scoped(
      this.history()
        .createQueryBuilder('h')
        .select('h.session_id', 'id')
        .addSelect('MAX(h.created_at)', 'last_activity')
        .addSelect("SUM(CASE WHEN h.kind = 'query' THEN 1 ELSE 0 END)", 'query_count')
        .addSelect("SUM(CASE WHEN h.status = 'error' THEN 1 ELSE 0 END)", 'error_count'),
    )
      .groupBy('h.session_id')
      .orderBy('last_activity', 'DESC')
      .addOrderBy('h.session_id', 'ASC');
    if (after) query.having('(MAX(h.created_at) < :at OR (MAX(h.created_at) = :at AND h.session_id > :id))', after);
    else query.offset((page - 1) * pageSize);
    const fetched = await query
      .limit(pageSize + 1)
      .getRawMany<{ id: string; last_activity: string; query_count: string | number; error_count: string | number }>();
    const rows = fetched.slice(0, pageSize);
    const last = rows[rows.length - 1];
    const ids = rows.map((r) => r.id);
    const owners = await this.owners(ids);
    const lastQuestions = await this.lastQuestions(ids);
    return {
      items: rows.map((r) => ({
        id: r.id,
        user_id: owners.get(r.id) ?? '',
        last_question: lastQuestions.get(r.id)?.question ?? null,
        last_question_at: lastQuestions.get(r.id)?.created_at ?? null,
        query_count: Number(r.query_count),
        error_count: Number(r.error_count),
        last_activity: r.last_activity,
      })),
      page: after ? 1 : page,
      page_size: pageSize,
      total: Number(countRow?.total ?? 0),
      next_cursor: fetched.length > pageSize && last ? encodeKeysetCursor(last.last_activity, last.id) : null,
    };
  }

  /**
   * One session: its summary over every entry (aggregated in SQL), and one page of its history read by keyset
   * (HistoryRepository.page): the newest `page.limit` entries older than `page.cursor`, oldest first, each kept
   * result capped (historyListEntry) with its chart suggestion, the feedback entries among them and the cursor of
   * the older page (null at the session's start).
   * @throws ApiException 404 for an unknown session or another user's; 400 for a cursor this list did not issue.
   */
  async detail(
    caller: Caller,
    sessionId: string,
    page: { limit: number; cursor?: string | null; omitResults?: boolean },
  ): Promise<SessionDetail> {
    const owner = await this.access.assertAccess(caller, sessionId);
    const { entries, nextCursor } = await this.pipeline.historyPage(sessionId, page);
    const history = entries.map((e) => withChart(historyListEntry(e)));
    return {
      session: await this.summaryOf(sessionId, owner),
      history,
      feedback: history.filter((e) => e.kind === 'feedback'),
      next_cursor: nextCursor,
      limit: page.limit,
    };
  }

  /** The summary of one session from one aggregate over its entries (the (session_id, seq) index), never a full read. */
  private async summaryOf(sessionId: string, owner: string): Promise<SessionSummary> {
    const row = await this.history()
      .createQueryBuilder('h')
      .select('MAX(h.created_at)', 'last_activity')
      .addSelect("SUM(CASE WHEN h.kind = 'query' THEN 1 ELSE 0 END)", 'query_count')
      .addSelect("SUM(CASE WHEN h.status = 'error' THEN 1 ELSE 0 END)", 'error_count')
      .where('h.session_id = :sessionId', { sessionId })
      .getRawOne<{
        last_activity: string | null;
        query_count: string | number | null;
        error_count: string | number | null;
      }>();
    const last = (await this.lastQuestions([sessionId])).get(sessionId);
    return {
      id: sessionId,
      user_id: owner,
      last_question: last?.question ?? null,
      last_question_at: last?.created_at ?? null,
      query_count: Number(row?.query_count ?? 0),
      error_count: Number(row?.error_count ?? 0),
      last_activity: row?.last_activity ?? '',
    };
  }

  /**
   * Approve and execute the session's pending SQL (404 nothing pending or not the caller's, 409 decided; 403 when it
   * was held for a question the caller's own key asked through /mcp, docs/mcp.md "Approval by a person").
   */
  async approve(caller: Caller, sessionId: string): Promise<ApprovalDecisionResponse> {
    await this.access.assertDecideAccess(caller, sessionId);
    const outcome = await this.pipeline.approve(sessionId, caller.userId, caller.keyId ?? null);
    return { status: 'approved', session_id: outcome.sessionId, rows_affected: outcome.rowsAffected };
  }

  /** Reject the session's pending SQL; nothing runs. */
  async reject(caller: Caller, sessionId: string): Promise<ApprovalDecisionResponse> {
    await this.access.assertDecideAccess(caller, sessionId);
    const outcome = await this.pipeline.reject(sessionId, caller.userId);
    return { status: 'rejected', session_id: outcome.sessionId };
  }

  /**
   * Save feedback on the query entry `entryId` of the session, or on its latest query without one.
   * @throws ApiException 404 for an unknown session, another user's, or an entry not in the session; 400 VALIDATION
   *   for an entry that is not an answer.
   */
  async feedback(
    caller: Caller,
    sessionId: string,
    signal: FeedbackSignal,
    entryId?: string,
  ): Promise<FeedbackResponse> {
    assertRole(caller, 'analyst', 'rate answers');
    await this.access.assertAccess(caller, sessionId);
    try {
      const entry = await this.pipeline.recordFeedback(sessionId, caller.userId, signal, entryId);
      return { status: 'ok', signal: (entry.signal as FeedbackSignal | null) ?? signal };
    } catch (error) {
      if (!(error instanceof FeedbackTargetError)) throw error;
      if (error.reason === 'not_found') throw new ApiException(404, ErrorCode.NOT_FOUND, error.message);
      throw ApiException.validation([{ field: 'entry_id', problems: [error.message] }]);
    }
  }

  /** Restrict to sessions owned by `userId`: its api_session rows, or (without a row) a first entry of its own. */
  private ownedBy(qb: SelectQueryBuilder<HistoryEntryEntity>, userId: string): SelectQueryBuilder<HistoryEntryEntity> {
    const claimed = qb.subQuery().select('s.id').from(ApiSessionEntity, 's').where('s.user_id = :owner').getQuery();
    const anyClaimed = qb.subQuery().select('s2.id').from(ApiSessionEntity, 's2').getQuery();
    const firstEntries = qb
      .subQuery()
      .select('f.session_id')
      .from(HistoryEntryEntity, 'f')
      .where('f.user_id = :owner')
      .andWhere(`f.seq = (SELECT MIN(g.seq) FROM ${this.historyTable()} g WHERE g.session_id = f.session_id)`)
      .getQuery();
    return qb.where(
      `(h.session_id IN ${claimed} OR (h.session_id NOT IN ${anyClaimed} AND h.session_id IN ${firstEntries}))`,
      { owner: userId },
    );
  }

  private async owners(ids: string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    if (ids.length === 0) return owners;
    const firsts = await this.history()
      .createQueryBuilder('h')
      .select('h.session_id', 'session_id')
      .addSelect('h.user_id', 'user_id')
      .where(
        `h.seq IN (SELECT MIN(g.seq) FROM ${this.historyTable()} g WHERE g.session_id IN (:...ids) GROUP BY g.session_id)`,
        { ids },
      )
      .getRawMany<{ session_id: string; user_id: string }>();
    for (const f of firsts) owners.set(f.session_id, f.user_id);
    const claimed = await this.dataSource
      .getRepository(ApiSessionEntity)
      .createQueryBuilder('s')
      .where('s.id IN (:...ids)', { ids })
      .getMany();
    for (const c of claimed) owners.set(c.id, c.userId);
    return owners;
  }

  private async lastQuestions(ids: string[]): Promise<Map<string, { question: string | null; created_at: string }>> {
    const out = new Map<string, { question: string | null; created_at: string }>();
    if (ids.length === 0) return out;
    const rows = await this.history()
      .createQueryBuilder('h')
      .select('h.session_id', 'session_id')
      .addSelect('h.question', 'question')
      .addSelect('h.created_at', 'created_at')
      .where(
        `h.seq IN (SELECT MAX(g.seq) FROM ${this.historyTable()} g WHERE g.kind = 'query' AND g.session_id IN (:...ids) GROUP BY g.session_id)`,
        { ids },
      )
      .getRawMany<{ session_id: string; question: string | null; created_at: string }>();
    for (const r of rows) out.set(r.session_id, { question: r.question, created_at: r.created_at });
    return out;
  }

  /** The quoted, schema-qualified name of table history_entry for raw sub-queries (PostgreSQL ?schema=). */
  private historyTable(): string {
    const { tablePath } = this.dataSource.getMetadata(HistoryEntryEntity);
    return tablePath
      .split('.')
      .map((part) => this.dataSource.driver.escape(part))
      .join('.');
  }

  private history() {
    return this.dataSource.getRepository(HistoryEntryEntity);
  }
}

/** A history entry with the chart suggestion of its kept rows, as POST /api/chat suggested it for the answer. */
function withChart(entry: HistoryEntry): HistoryEntry {
  if (!entry.result) return entry;
  return {
    ...entry,
    result: {
      ...entry.result,
      chart: entry.status === 'ok' ? suggestChart(entry.result.columns, entry.result.rows) : null,
    },
  };
}
