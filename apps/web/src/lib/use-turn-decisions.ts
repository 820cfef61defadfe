import type { FeedbackSignal } from '@nlq/contracts';
import { useApi } from '../components/api-provider';
import type { Turn } from '../components/chat-turn';
import { useToast } from '../components/toasts';
import type { ChatSession } from './use-chat-session';

/**
 * What a person decides about the answers of the chat's session: `decide` approves or rejects the pending write
 * (POST /api/sessions/{id}/approve or /reject, a toast with the outcome) and `rate` sends thumbs up/down addressed
 * to the turn's history entry (POST /api/sessions/{id}/feedback), so any answer of the session can be rated.
 * Failures become error toasts.
 */
export function useTurnDecisions(chat: ChatSession) {
  const { client } = useApi();
  const toast = useToast();
  const { sessionId, update } = chat;

  async function decide(turn: Turn, decision: 'approve' | 'reject') {
    if (!sessionId) return;
    update(turn.key, { deciding: true });
    try {
      const r = decision === 'approve' ? await client.approve(sessionId) : await client.reject(sessionId);
      update(turn.key, { deciding: false, decision: { status: r.status, rows_affected: r.rows_affected } });
      toast.push('success', r.status === 'approved' ? `Approved: ${r.rows_affected ?? 0} rows affected` : 'Rejected');
    } catch (err) {
      update(turn.key, { deciding: false });
      toast.error(err);
    }
  }

  async function rate(turn: Turn, signal: FeedbackSignal) {
    const entryId = turn.response?.history_entry_id ?? turn.entry?.id;
    if (!sessionId || !entryId) return;
    try {
      await client.feedback(sessionId, signal, entryId);
      update(turn.key, { feedback: signal });
    } catch (err) {
      toast.error(err);
    }
  }

  return { decide, rate };
}
