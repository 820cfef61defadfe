import { Inject, Injectable } from '@nestjs/common';
import type { AuditLogger } from '@nlq/pipeline';
import type { Logger } from 'pino';
import type { Caller } from '../auth/caller';
import { ROOT_LOGGER } from '../logging/logger.factory';

/**
 * Audit log (docs/http-api.md "Contract: query adapter" rule 6: "the user id is written to logs for audit"): one pino line per query, approval, rejection and
 * feedback, `{"component":"audit","audit":"approve","userId":"...","sessionId":"...",...}`, at level info.
 */
@Injectable()
export class PinoAuditLogger implements AuditLogger {
  private readonly log: Logger;

  constructor(@Inject(ROOT_LOGGER) root: Logger) {
    this.log = root.child({ component: 'audit' });
  }

  audit(event: 'query' | 'approve' | 'reject' | 'feedback', fields: Record<string, unknown>): void {
    this.log.info({ audit: event, ...fields }, `audit ${event}`);
  }
}

/**
 * One audit line of a change made through /api (keys, connections, model settings), in the PinoAuditLogger format
 * with the caller's user id: `{"component":"audit","audit":event,"userId":caller.userId,...fields}` at level info.
 */
export function auditCallerEvent(root: Logger, event: string, caller: Caller, fields: Record<string, unknown>): void {
  root.child({ component: 'audit' }).info({ audit: event, userId: caller.userId, ...fields }, `audit ${event}`);
}
