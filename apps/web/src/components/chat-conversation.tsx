import type { Benchmark, ClarificationOption, Dialect, FeedbackSignal } from '@nlq/contracts';
import { useEffect, useRef, type RefObject } from 'react';
import { ChatTurn, type Turn } from './chat-turn';
import { ExampleQuestionList } from './example-questions';

export interface ChatConversationProps {
  turns: Turn[];
  /** Example questions are offered only for an empty chat with no stored session named in the URL. */
  sessionParam: string | null;
  /** The session the turns belong to (null before the first answer): rating and clarifying need one. */
  sessionId: string | null;
  /** The connection example questions are checked against (null: none known). */
  guideConnection: string | null;
  /** A question runs (suggestions, example questions and clarifying are disabled). */
  isRunning: boolean;
  /** The caller's role may approve or reject writes (docs/http-api.md "Roles and data policies"). */
  mayDecide: boolean;
  /** The caller's role may rate answers (analyst or stronger). */
  mayRate: boolean;
  /** The SQL dialect a turn's SQL is formatted for. */
  dialectOf(turn: Turn): Dialect | null;
  onAsk(question: string): void;
  onDecide(turn: Turn, decision: 'approve' | 'reject'): void;
  onRate(turn: Turn, signal: FeedbackSignal): void;
  onClarify(turn: Turn, option: ClarificationOption): void;
  benchmarks: readonly Benchmark[];
}

/**
 * The chat's conversation: example questions while it is empty, then its turns. Only the newest pending write of the
 * session offers approval, only the latest turn's clarification can be answered, and a finished answer with a
 * history entry can be rated. Scrolls to the newest turn when it is asked and again when its answer arrives.
 */
export function ChatConversation(props: ChatConversationProps) {
  const { turns, sessionId, isRunning } = props;
  const conversationRef = useScrollToNewestTurn(turns);
  const lastPending = [...turns]
    .reverse()
    .find(
      (t) =>
        t.state !== 'running' && (t.response ? t.response.pending_approval : t.entry?.status === 'pending_approval'),
    );
  const lastTurn = turns[turns.length - 1];

  return (
    <div className="conversation" aria-live="polite" ref={conversationRef}>
      {turns.length === 0 && !props.sessionParam && (
        <ExampleQuestionList connectionId={props.guideConnection} onAsk={props.onAsk} disabled={isRunning} />
      )}
      {turns.map((t) => (
        <ChatTurn
          key={t.key}
          turn={t}
          dialect={props.dialectOf(t)}
          canDecide={t === lastPending && !t.decision}
          mayDecide={props.mayDecide}
          canRate={
            props.mayRate &&
            t.state === 'done' &&
            Boolean(sessionId) &&
            Boolean(t.response?.history_entry_id ?? t.entry?.id)
          }
          canClarify={t === lastTurn && !isRunning && Boolean(sessionId)}
          onDecide={(d) => props.onDecide(t, d)}
          onFeedback={(s) => props.onRate(t, s)}
          onClarify={(option) => props.onClarify(t, option)}
          onAsk={props.onAsk}
          busy={isRunning}
          benchmarks={props.benchmarks}
        />
      ))}
    </div>
  );
}

/**
 * Scroll to the newest turn (its top at the top of the view) when it is asked and again when its answer arrives;
 * the returned ref goes on the element holding the turns (each with data-turn-key).
 */
function useScrollToNewestTurn(turns: Turn[]): RefObject<HTMLDivElement | null> {
  const conversationRef = useRef<HTMLDivElement>(null);
  const lastTurnKey = turns[turns.length - 1]?.key;
  const lastTurnState = turns[turns.length - 1]?.state;
  useEffect(() => {
    if (!lastTurnKey) return;
    const el = conversationRef.current?.querySelector(`[data-turn-key="${CSS.escape(lastTurnKey)}"]`);
    // Braces matter: newer browsers answer scrollIntoView with a Promise, which React must not get as a cleanup.
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [lastTurnKey, lastTurnState]);
  return conversationRef;
}
