import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@nlq/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { seesEveryone, type Caller } from '../auth/caller';
import { assertRole } from '../auth/required-role';
import { ApiException } from '../common/api.exception';
import { HistoryEntryEntity } from '../state/entities';
import { EntityReader } from '../state/entity-reader';
import { ApiSessionEntity } from '../api-state/api-session.entity';

/**
 * Who owns a session, and the one rule of the application surface (docs/http-api.md "Contract: authentication" rule 4): a user key reads and decides only
 * its own sessions; the service key sees every session. Another user's session answers 404 exactly like an
 * unknown one, so its existence is not revealed.
 *
 * Owner: the `api_session` row written when POST /api/chat opened the session, else the user of the session's
 * first history entry (sessions of the query adapter surface), else none (unknown session).
 */
@Injectable()
export class SessionAccessService {
  private sessionRows?: EntityReader<ApiSessionEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The owner's user id, or null for a session nobody has used. */
  async ownerOf(sessionId: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(ApiSessionEntity).findOneBy({ id: sessionId });
    if (row) return row.userId;
    const first = await this.dataSource
      .getRepository(HistoryEntryEntity)
      .findOne({ where: { sessionId }, order: { seq: 'ASC' }, select: { userId: true, seq: true } });
    return first?.userId ?? null;
  }

  /**
   * The session a chat request continues or starts: a new UUID when `sessionId` is absent, the caller's own
   * session, or a new session under the id the caller chose. Records the owner of a new session.
   * @throws ApiException 404 NOT_FOUND when the id is another user's session (service key: allowed).
   */
  async openForChat(caller: Caller, sessionId?: string | null): Promise<string> {
    const id = sessionId ?? randomUUID();
    const owner = sessionId ? await this.ownerOf(id) : null;
    if (owner !== null) {
      if (owner !== caller.userId && !seesEveryone(caller)) throw notFound(id);
      return id;
    }
    try {
      await this.dataSource
        .getRepository(ApiSessionEntity)
        .insert({ id, userId: caller.userId, createdAt: new Date().toISOString() });
    } catch (error) {
      // A concurrent request claimed the same id first: it decides.
      const winner = await this.ownerOf(id);
      if (winner === null) throw error;
      if (winner !== caller.userId && !seesEveryone(caller)) throw notFound(id);
    }
    return id;
  }

  /**
   * Resolve when the caller may read and decide the session; answers its owner.
   * @throws ApiException 404 NOT_FOUND for an unknown session or another user's.
   */
  async assertAccess(caller: Caller, sessionId: string): Promise<string> {
    const owner = await this.ownerOf(sessionId);
    if (owner === null || (owner !== caller.userId && !seesEveryone(caller))) throw notFound(sessionId);
    return owner;
  }

  /**
   * Resolve when the caller may approve or reject the session's held write: an `approver` or `admin` decides any
   * user's session (docs/http-api.md "Roles and data policies"); a weaker role none.
   * @throws ApiException 403 FORBIDDEN for a role below `approver`; 404 NOT_FOUND for an unknown session.
   */
  async assertDecideAccess(caller: Caller, sessionId: string): Promise<string> {
    assertRole(caller, 'approver', 'approve or reject writes');
    const owner = await this.ownerOf(sessionId);
    if (owner === null) throw notFound(sessionId);
    return owner;
  }

  /**
   * The rule of the query adapter surface, where the caller is the user its session id names (docs/http-api.md "Contract: query adapter" rule 1):
   * a session opened through POST /api/chat by another user is not the caller's to read, decide, rate or ask in
   * (docs/http-api.md "Contract: authentication" rule 4), whatever key the adapter surface takes. Sessions of the adapter surface itself and sessions a
   * user opened under their own user id pass.
   * @throws ApiException 404 NOT_FOUND when `sessionId` is an /api session owned by a user other than `sessionId`.
   */
  async assertAdapterAccess(sessionId: string): Promise<void> {
    // every /query asks this: read through EntityReader, not findOneBy, which rebuilds its SQL on each call
    const sessions = (this.sessionRows ??= new EntityReader(this.dataSource, ApiSessionEntity));
    const [row] = await sessions.many(`${sessions.column('id')} = :id`, { id: sessionId });
    if (row && row.userId !== sessionId) throw notFound(sessionId);
  }
}

function notFound(sessionId: string): ApiException {
  return new ApiException(404, ErrorCode.NOT_FOUND, `Session "${sessionId}" not found.`);
}
