import type { ChatResponse, HistoryEntry } from '@nlq/contracts';

/**
 * The question a refusal suggests instead, when its text names one: the offline engine's `..., ask "<question>"`
 * (offline-engine clarification.ts, a single reading it could not confirm). Null otherwise.
 */
export function suggestedQuestion(error: string | null | undefined): string | null {
  const match = /\bask "([^"]{3,300})"/.exec(error ?? '');
  return match ? match[1] : null;
}

/**
 * True when a turn was refused by policy rather than failed: a write or DDL the user mode does not run (pipeline
 * stages/policy.ts), from a live answer (`kind` write/ddl, not pending, not successful) or a stored entry (status
 * `refused` with SQL).
 */
export function refusedByPolicy(
  response: Pick<ChatResponse, 'success' | 'kind' | 'pending_approval'> | undefined,
  entry: Pick<HistoryEntry, 'status' | 'sql'> | undefined,
): boolean {
  if (response)
    return !response.success && !response.pending_approval && (response.kind === 'write' || response.kind === 'ddl');
  return entry?.status === 'refused' && Boolean(entry.sql);
}
