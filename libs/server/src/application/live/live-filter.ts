import { roleAtLeast, type LiveEvent } from '@nlq/contracts';
import { seesEveryone, type Caller } from '../../platform/auth/caller';

/**
 * Whether a /ws/live subscriber hears an event (docs/http-api.md "Contract: authentication" rule 4, sessions isolated per user): the service key hears every
 * event (an `admin`); an `approver` also hears every session's approval events (it decides any user's held write,
 * docs/http-api.md "Roles and data policies"); a user hears the events of its own sessions (the event's userId) and
 * service-wide events that name no session (schema.refreshed).
 */
export function mayHear(caller: Caller, event: LiveEvent): boolean {
  if (seesEveryone(caller)) return true;
  if (event.type.startsWith('approval.') && roleAtLeast(caller.role, 'approver')) return true;
  if (event.sessionId === null) return event.userId === null || event.userId === caller.userId;
  return event.userId === caller.userId;
}
