import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type SavedAnswer, type SavedAnswerList } from '@nlq/contracts';
import { QueryPipeline } from '@nlq/pipeline';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import type { SavedAnswersRepository } from '../../platform/state/repositories/saved-answers.repository';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { readProblem } from '../benchmarks/benchmark-questions';
import { suggestChart } from '../chat/chart-suggestion';
import { SessionAccessService } from '../../platform/sessions/session-access.service';
import type { CreateSavedAnswerDto } from './dto/saved-answer.dto';

/** What a new saved answer holds besides its name, owner and times. */
type SavedContent = Pick<SavedAnswer, 'connection_id' | 'question' | 'sql' | 'chart' | 'reading' | 'source'>;

/**
 * Saved answers (docs/http-api.md "Saved answers"): save an answer of the caller's history or SQL written out (a read
 * by the SQL classifier, docs/architecture.md step 7; else 400), list, read, rename, delete. A saved answer belongs to
 * the user who saved it: a user key sees only its own (another user's answers 404 like an unknown id), the service
 * key sees all. Each change is an audit line (`saved.create`, `.update`, `.delete`).
 */
@Injectable()
export class SavedAnswersService {
  private readonly saved: SavedAnswersRepository;

  constructor(
    @Inject(TypeOrmStateStore) store: TypeOrmStateStore,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(TargetResolverService) private readonly targets: TargetResolverService,
    @Inject(SessionAccessService) private readonly sessions: SessionAccessService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.saved = store.savedAnswers;
  }

  /** The caller's saved answers (service key: everyone's), newest first. */
  async list(caller: Caller): Promise<SavedAnswerList> {
    return { items: await this.saved.list(seesEveryone(caller) ? null : caller.userId) };
  }

  /** One saved answer the caller may see. @throws 404 unknown or another user's */
  async get(caller: Caller, id: string): Promise<SavedAnswer> {
    const saved = await this.saved.get(id);
    if (!saved || (!seesEveryone(caller) && saved.user_id !== caller.userId))
      throw new ApiException(404, ErrorCode.NOT_FOUND, `Saved answer "${id}" not found.`);
    return saved;
  }

  /**
   * Save an answer under a name.
   * @throws 400 VALIDATION (neither or both sources, not an answered read, SQL that is not a read), 404 (session,
   * entry or connection unknown or not the caller's)
   */
  async create(caller: Caller, input: CreateSavedAnswerDto): Promise<SavedAnswer> {
    const name = input.name.trim();
    if (name === '') throw ApiException.validation([{ field: 'name', problems: ['must not be blank'] }]);
    const content = await this.contentOf(caller, input);
    const now = new Date().toISOString();
    const saved: SavedAnswer = {
      id: randomUUID(),
      name,
      user_id: caller.userId,
      ...content,
      created_at: now,
      updated_at: now,
    };
    await this.saved.insert(saved);
    auditCallerEvent(this.logger, 'saved.create', caller, { savedId: saved.id, connectionId: saved.connection_id });
    return saved;
  }

  /** Rename a saved answer. @throws 400 blank name, 404 */
  async rename(caller: Caller, id: string, name: string): Promise<SavedAnswer> {
    const current = await this.get(caller, id);
    const trimmed = name.trim();
    if (trimmed === '') throw ApiException.validation([{ field: 'name', problems: ['must not be blank'] }]);
    const next: SavedAnswer = { ...current, name: trimmed, updated_at: new Date().toISOString() };
    await this.saved.rename(id, next.name, next.updated_at);
    auditCallerEvent(this.logger, 'saved.update', caller, { savedId: id });
    return next;
  }

  /** Delete a saved answer. @throws 404 */
  async remove(caller: Caller, id: string): Promise<void> {
    await this.get(caller, id);
    await this.saved.remove(id);
    auditCallerEvent(this.logger, 'saved.delete', caller, { savedId: id });
  }

  /** The question, SQL, chart and reading the request names. */
  private async contentOf(caller: Caller, input: CreateSavedAnswerDto): Promise<SavedContent> {
    const fromHistory = input.session_id !== undefined || input.entry_id !== undefined;
    const written = input.sql !== undefined;
    if (fromHistory === written)
      throw ApiException.validation([
        { field: 'body', problems: ['give exactly one of session_id with entry_id, or sql (with connection_id)'] },
      ]);
    if (written) return this.written(input.sql ?? '', input.connection_id);
    if (!input.session_id || !input.entry_id)
      throw ApiException.validation([{ field: 'entry_id', problems: ['session_id and entry_id go together'] }]);
    if (input.connection_id !== undefined)
      throw ApiException.validation([
        { field: 'connection_id', problems: ['an answer of a session keeps the connection it ran on'] },
      ]);
    return this.answered(caller, input.session_id, input.entry_id);
  }

  /** SQL written out, checked to be a read in its connection's dialect. */
  private async written(sql: string, connectionId?: string): Promise<SavedContent> {
    const target = await this.targets.connection(connectionId);
    const text = sql.trim();
    const problem = text ? readProblem(text, target.driver.dialect) : 'must be a non-empty SQL statement';
    if (problem) throw ApiException.validation([{ field: 'sql', problems: [problem] }]);
    return { connection_id: target.connectionId, question: null, sql: text, chart: null, reading: null, source: null };
  }

  /** An answered read of one of the caller's sessions (service key: any session). */
  private async answered(caller: Caller, sessionId: string, entryId: string): Promise<SavedContent> {
    await this.sessions.assertAccess(caller, sessionId);
    const entry = (await this.pipeline.history(sessionId)).find((e) => e.kind === 'query' && e.id === entryId);
    if (!entry)
      throw new ApiException(404, ErrorCode.NOT_FOUND, `Answer "${entryId}" not found in session "${sessionId}".`);
    if (entry.status !== 'ok' || !entry.sql)
      throw ApiException.validation([{ field: 'entry_id', problems: ['must be an answered question with its SQL'] }]);
    const target = await this.targets.connection(entry.connection_id ?? undefined);
    const problem = readProblem(entry.sql, target.driver.dialect);
    if (problem) throw ApiException.validation([{ field: 'entry_id', problems: [problem] }]);
    const kept = entry.result;
    return {
      connection_id: target.connectionId,
      question: entry.question,
      sql: entry.sql,
      chart: kept ? suggestChart(kept.columns, kept.rows) : null,
      reading: entry.reading ?? null,
      source: { session_id: sessionId, entry_id: entryId },
    };
  }
}
