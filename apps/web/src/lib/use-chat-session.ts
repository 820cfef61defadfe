import type { LiveEvent } from '@nlq/contracts';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type MutableRefObject,
  type SetStateAction,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { useApi } from '../components/api-provider';
import type { Turn } from '../components/chat-turn';
import { useToast } from '../components/toasts';
import { saveLastSession } from './last-session';
import { turnsFromHistory } from './session-turns';
import { applyStageEvent } from './stage-events';

/** The running question of the chat; `streaming` while its stages arrive on the event stream rather than /ws/live. */
export interface RunningQuestion {
  key: string;
  sessionId: string | null;
  streaming: boolean;
}

/** The conversation the chat page shows: its session, its turns and the question running in it. */
export interface ChatSession {
  /** The session named in the URL (?session=), or null. */
  sessionParam: string | null;
  /** The session the next question continues (null: the next answer starts one). */
  sessionId: string | null;
  turns: Turn[];
  setTurns: Dispatch<SetStateAction<Turn[]>>;
  /** The running question, null when none runs (one at a time). */
  running: MutableRefObject<RunningQuestion | null>;
  /** Merge `patch` into the turn with key `key`. */
  update(key: string, patch: Partial<Turn>): void;
  /** Continue in the session `id` an answer named: kept in the URL and remembered for the Chat link. */
  adopt(id: string): void;
  /** Start an empty conversation (no session in the URL, none remembered). */
  reset(): void;
}

/**
 * The chat's session state. Shows the stored session named in the URL (?session=, GET /api/sessions/{id}) or an empty
 * conversation without one; the session shown is remembered for the Chat link (lib/last-session.ts) and a session
 * that is gone (404) is forgotten. Stage progress of a question asked without streaming comes from /ws/live: events
 * of its session (the first names a new session).
 */
export function useChatSession(): ChatSession {
  const { client, live } = useApi();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const sessionParam = params.get('session');
  const [sessionId, setSessionId] = useState<string | null>(sessionParam);
  const [turns, setTurns] = useState<Turn[]>([]);
  const running = useRef<RunningQuestion | null>(null);
  const shown = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (sessionParam === shown.current) return;
    shown.current = sessionParam;
    setSessionId(sessionParam);
    setTurns([]);
    if (!sessionParam) return;
    client.session(sessionParam).then(
      (d) => {
        if (shown.current !== sessionParam) return;
        saveLastSession(sessionParam);
        setTurns(turnsFromHistory(d.history));
      },
      (err) => {
        if (err instanceof ApiError && err.statusCode === 404) saveLastSession(null);
        toast.error(err);
      },
    );
  }, [sessionParam, client, toast]);

  useEffect(() => live.subscribe((ev: LiveEvent) => applyLiveStage(ev, running.current, setTurns)), [live]);

  const update = useCallback(
    (key: string, patch: Partial<Turn>) => setTurns((ts) => ts.map((t) => (t.key === key ? { ...t, ...patch } : t))),
    [],
  );

  function adopt(id: string) {
    shown.current = id;
    saveLastSession(id);
    setSessionId(id);
    setParams({ session: id }, { replace: true });
  }

  function reset() {
    shown.current = null;
    saveLastSession(null);
    setTurns([]);
    setSessionId(null);
    setParams({}, { replace: true });
  }

  return { sessionParam, sessionId, turns, setTurns, running, update, adopt, reset };
}

/**
 * Apply a /ws/live stage event to the turn of `run` when that question runs without streaming and the event is of
 * its session (the first event names the session of a question that starts one).
 */
function applyLiveStage(ev: LiveEvent, run: RunningQuestion | null, setTurns: Dispatch<SetStateAction<Turn[]>>) {
  if (!run || run.streaming || (ev.type !== 'stage.started' && ev.type !== 'stage.finished')) return;
  if (run.sessionId === null && ev.sessionId) run.sessionId = ev.sessionId;
  if (ev.sessionId !== run.sessionId) return;
  setTurns((ts) =>
    ts.map((t) => (t.key === run.key ? { ...t, stages: applyStageEvent(t.stages, ev.type, ev.data) } : t)),
  );
}
