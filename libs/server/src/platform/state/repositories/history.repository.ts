import type {
  AnswerWarning,
  HistoryEntry,
  HistoryEntryKind,
  KeptResult,
  KnowledgeUse,
  StoredClarification,
} from '@nlq/contracts';
import {
  InvalidHistoryCursorError,
  type HistoryPage,
  type HistoryPageRequest,
  type HistoryReadOptions,
} from '@nlq/pipeline';
import type { DataSource, EntityManager } from 'typeorm';
import { HistoryEntryEntity } from '../entities';
import { EntityReader } from '../entity-reader';
import { EntityWriter } from '../entity-writer';
import type { ExclusiveRunner } from './exclusive-runner';

/**
 * History entries (questions, approvals, rejections, feedback) in `history_entry`: appended in order (seq assigned by
 * the database) through one multi-row INSERT built once (EntityWriter), read per session on the (session_id, seq)
 * index through a statement built once (EntityReader).
 */
export class HistoryRepository {
  /** Built on first use: the entity metadata exists once the DataSource is initialized. */
  private rows?: EntityReader<HistoryEntryEntity>;
  /** The same without the kept result rows, for reads that do not show them (HistoryReadOptions.omitResults). */
  private lightRows?: EntityReader<HistoryEntryEntity>;
  private rowWriter?: EntityWriter<HistoryEntryEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  private reader(omitResults = false): EntityReader<HistoryEntryEntity> {
    if (omitResults) return (this.lightRows ??= new EntityReader(this.dataSource, HistoryEntryEntity, ['result']));
    return (this.rows ??= new EntityReader(this.dataSource, HistoryEntryEntity));
  }

  private get writer(): EntityWriter<HistoryEntryEntity> {
    return (this.rowWriter ??= new EntityWriter(this.dataSource, HistoryEntryEntity));
  }

  /** Insert `entries` in order, inside `manager`'s transaction when given (the caller then runs it exclusively). */
  insert(entries: readonly HistoryEntry[], manager?: EntityManager): Promise<void> {
    return this.writer.insert(entries.map(toHistoryRow), manager);
  }

  /**
   * Claim the open clarification of query entry `entryId` for one reply: `UPDATE history_entry SET
   * clarification_state = 'answered' WHERE id = ? AND clarification_state = 'open'`, won when exactly one row changed
   * (atomic on SQLite and PostgreSQL, so across replicas too). Resolves false when another reply won or there is none.
   */
  async claimClarification(entryId: string): Promise<boolean> {
    const result = await this.exclusive.run(() =>
      this.dataSource
        .createQueryBuilder()
        .update(HistoryEntryEntity)
        .set({ clarificationState: 'answered' })
        .where('id = :entryId AND clarification_state = :open', { entryId, open: 'open' })
        .execute(),
    );
    return result.affected === 1;
  }

  /**
   * One page of the session's history by keyset on the (session_id, seq) index: `WHERE session_id = ? [AND seq <
   * cursor] ORDER BY seq DESC LIMIT limit + 1`, reversed to oldest first; the extra row only tells whether an older
   * page exists. Memory and time are bounded by `limit`, however long the session is.
   * @throws InvalidHistoryCursorError for a cursor not of the form this method issues
   */
  async page(sessionId: string, request: HistoryPageRequest): Promise<HistoryPage> {
    const cursor = request.cursor ?? null;
    if (cursor !== null && !SEQ_CURSOR.test(cursor)) throw new InvalidHistoryCursorError(cursor);
    const limit = Math.max(1, Math.floor(request.limit));
    const history = this.reader(request.omitResults);
    const seq = history.column('seq');
    const rows = await this.exclusive.run(() =>
      history.many(
        `${history.column('sessionId')} = :sessionId${cursor === null ? '' : ` AND ${seq} < :before`}`,
        cursor === null ? { sessionId } : { sessionId, before: Number(cursor) },
        `ORDER BY ${seq} DESC LIMIT ${limit + 1}`,
      ),
    );
    const more = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    return { entries: page.map(toHistoryEntry), nextCursor: more && page.length > 0 ? String(page[0].seq) : null };
  }

  /**
   * The session's entries, oldest first (insertion order); with `options.newest` only the newest that many (read
   * newest first on the (session_id, seq) index and reversed, so the read is bounded however long the session is).
   */
  async list(sessionId: string, options: HistoryReadOptions = {}): Promise<HistoryEntry[]> {
    const newest = options.newest !== undefined ? Math.max(1, Math.floor(options.newest)) : undefined;
    const history = this.reader(options.omitResults);
    const rows = await this.exclusive.run(() =>
      history.many(
        `${history.column('sessionId')} = :sessionId`,
        { sessionId },
        `ORDER BY ${history.column('seq')} ${newest ? `DESC LIMIT ${newest}` : 'ASC'}`,
      ),
    );
    if (newest) rows.reverse();
    return rows.map(toHistoryEntry);
  }
}

/** A history cursor: the seq of the oldest entry of the page before (decimal, issued by HistoryRepository.page). */
const SEQ_CURSOR = /^[1-9]\d{0,14}$/;

/** The history_entry row of one entry (seq assigned by the database). */
function toHistoryRow(entry: HistoryEntry): Partial<HistoryEntryEntity> {
  return {
    id: entry.id,
    kind: entry.kind,
    sessionId: entry.session_id,
    userId: entry.user_id,
    question: entry.question,
    sql: entry.sql,
    answer: entry.answer,
    status: entry.status,
    error: entry.error,
    rowCount: entry.row_count,
    rowsAffected: entry.rows_affected,
    signal: entry.signal,
    rlhfSignal: entry.rlhf_signal,
    traceId: entry.trace_id,
    refId: entry.ref_id,
    connectionId: entry.connection_id ?? null,
    estimatedRows: entry.estimated_rows ?? null,
    reading: entry.reading ?? null,
    clarification: entry.clarification ? JSON.stringify(entry.clarification) : null,
    clarificationState: entry.clarification && entry.status === 'clarification' ? 'open' : null,
    result: entry.result
      ? JSON.stringify({ columns: entry.result.columns, rows: entry.result.rows, more: entry.result.more })
      : null,
    provenance:
      entry.knowledge?.length || entry.examples?.length
        ? JSON.stringify({ knowledge: entry.knowledge ?? [], examples: entry.examples ?? [] })
        : null,
    warnings: entry.warnings?.length ? JSON.stringify(entry.warnings) : null,
    createdAt: entry.created_at,
  };
}

function toHistoryEntry(row: HistoryEntryEntity): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind as HistoryEntryKind,
    session_id: row.sessionId,
    user_id: row.userId,
    question: row.question,
    sql: row.sql,
    answer: row.answer,
    status: row.status,
    error: row.error,
    row_count: row.rowCount,
    rows_affected: row.rowsAffected,
    signal: row.signal,
    rlhf_signal: row.rlhfSignal,
    trace_id: row.traceId,
    ref_id: row.refId,
    connection_id: row.connectionId,
    ...(row.estimatedRows !== null && row.estimatedRows !== undefined ? { estimated_rows: row.estimatedRows } : {}),
    ...(row.reading ? { reading: row.reading } : {}),
    ...(row.clarification ? { clarification: parseStoredClarification(row.clarification) } : {}),
    ...(row.result ? { result: parseKeptResult(row.result) } : {}),
    ...(row.provenance ? parseProvenance(row.provenance) : {}),
    ...(row.warnings ? parseWarnings(row.warnings) : {}),
    created_at: row.createdAt,
  };
}

/** Stored warnings' JSON text as the entry's `warnings` ({} when damaged: the history read must not fail). */
function parseWarnings(text: string): Pick<HistoryEntry, 'warnings'> {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return {};
    const warnings = value.filter(
      (w): w is AnswerWarning =>
        typeof w === 'object' && w !== null && typeof w.code === 'string' && typeof w.message === 'string',
    );
    return warnings.length ? { warnings } : {};
  } catch {
    return {};
  }
}

/** A stored provenance's JSON text as the entry's `knowledge` and `examples` ({} when damaged: the history read must not fail). */
function parseProvenance(text: string): Pick<HistoryEntry, 'knowledge' | 'examples'> {
  try {
    const value = JSON.parse(text) as { knowledge?: unknown; examples?: unknown };
    return {
      ...(Array.isArray(value.knowledge) && value.knowledge.length
        ? { knowledge: value.knowledge as KnowledgeUse[] }
        : {}),
      ...(Array.isArray(value.examples) && value.examples.length
        ? { examples: value.examples.filter((e): e is string => typeof e === 'string') }
        : {}),
    };
  } catch {
    return {};
  }
}

/** A kept result's JSON text, or null when it is not one (a damaged row must not fail the history read). */
function parseKeptResult(text: string): KeptResult | null {
  try {
    const value = JSON.parse(text) as KeptResult;
    return value && Array.isArray(value.columns) && Array.isArray(value.rows)
      ? { columns: value.columns, rows: value.rows, more: Boolean(value.more) }
      : null;
  } catch {
    return null;
  }
}

/** A stored clarification's JSON text, or null when it is not one (a damaged row must not fail the history read). */
function parseStoredClarification(text: string): StoredClarification | null {
  try {
    const value = JSON.parse(text) as StoredClarification;
    return value && typeof value.question === 'string' && Array.isArray(value.options) ? value : null;
  } catch {
    return null;
  }
}
