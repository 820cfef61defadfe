import type { HistoryEntry } from '@nlq/contracts';
import type { Turn } from '../components/chat-turn';

/**
 * Turns of a stored session: its query entries, with later approval/rejection/feedback entries attached. A query
 * that asked back (status clarification) is a finished turn, not a failed one.
 */
export function turnsFromHistory(history: HistoryEntry[]): Turn[] {
  const turns: Turn[] = [];
  const byId = new Map<string, Turn>();
  const sorted = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const e of sorted) {
    if (e.kind === 'query') {
      const t: Turn = {
        key: e.id,
        question: e.question ?? '',
        state: e.status === 'error' ? 'failed' : 'done',
        stages: [],
        entry: e,
      };
      turns.push(t);
      byId.set(e.id, t);
      continue;
    }
    const target = (e.ref_id && byId.get(e.ref_id)) || turns[turns.length - 1];
    if (!target) continue;
    if (e.kind === 'approval' && e.status === 'approved')
      target.decision = { status: 'approved', rows_affected: e.rows_affected };
    if (e.kind === 'rejection') target.decision = { status: 'rejected' };
    if (e.kind === 'feedback' && (e.signal === 'positive' || e.signal === 'negative')) target.feedback = e.signal;
  }
  return turns;
}
