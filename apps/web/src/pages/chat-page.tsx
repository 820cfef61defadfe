import type {
  ChatRequest,
  ChatResponse,
  ClarificationOption,
  ConnectionView,
  FeedbackSignal,
  HistoryEntry,
  LiveEvent,
} from '@nlq/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { ChatStreamUnavailableError, type ChatStreamEvent } from '../api/client';
import { useApi } from '../components/api-provider';
import { ChatTurn, type Turn } from '../components/chat-turn';
import { useBenchmarks } from '../lib/use-benchmarks';
import { useRole } from '../components/role-gate';
import { applyStageEvent } from '../lib/stage-events';
import { useToast } from '../components/toasts';
import { ExampleQuestionList } from '../components/example-questions';
import { SchemaPanel } from '../components/schema-panel';
import { insertWord } from '../lib/insert-text';
import { saveLastSession } from '../lib/last-session';

/**
 * Turns of a stored session: its query entries, with later approval/rejection/feedback entries attached. A query
 * that asked back (status clarification) is a finished turn, not a failed one.
 */
function turnsFromHistory(history: HistoryEntry[]): Turn[] {
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

/**
 * Page /chat: a conversation with the active (or a chosen) connection. Asks through POST /api/chat/stream and shows
 * its stage progress and the answer growing as the model writes it (answer.delta); when the stream is unavailable it
 * falls back to POST /api/chat with stage progress from /ws/live. Then the answer and how nlq read it, the SQL
 * formatted for the connection's dialect, approval buttons for a pending write, the result table (with the real
 * total when the row limit cut it) and chart, thumbs up/down and CSV export. When nlq asks back, the question and
 * its options as buttons: choosing one sends `clarification_option` in the same session, and its answer is the next
 * turn (the option's label as the person's message). ?session=<id> continues a stored session, with the kept rows
 * of its answers. The session is in the URL from the first answer (a reload keeps it), and the Chat link of the
 * navigation reopens the session this tab showed last (lib/last-session.ts), so the conversation survives leaving
 * the page. Each answer can be saved under a name (components/save-answer.tsx).
 *
 * The page scrolls to each new question and again to its answer; stages fold into one line once a
 * question has finished; every answer can be rated (by its history entry); a refusal shows once, in its turn, with
 * its suggested rewording as a question to ask; an empty chat offers example questions checked against the
 * connection's schema; "Tables" opens the schema panel, whose names a click inserts into the question.
 */
export function ChatPage() {
  const { client, live } = useApi();
  const { allows } = useRole();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const sessionParam = params.get('session');
  const [sessionId, setSessionId] = useState<string | null>(sessionParam);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [connections, setConnections] = useState<ConnectionView[]>([]);
  const [connectionId, setConnectionId] = useState('');
  /** The running question; `streaming` while its stages arrive on the event stream rather than /ws/live. */
  const running = useRef<{ key: string; sessionId: string | null; streaming: boolean } | null>(null);
  const conversationRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [schemaOpen, setSchemaOpen] = useState(false);

  useEffect(() => {
    client.connections().then(setConnections, (err) => toast.error(err));
  }, [client, toast]);

  // Show the stored session named in the URL (?session=), or an empty conversation without one. The session shown is
  // remembered for the Chat link (lib/last-session.ts); a session that is gone (404) is forgotten.
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

  // Live stage progress of a question asked without streaming: events of its session (the first names a new session).
  useEffect(
    () =>
      live.subscribe((ev: LiveEvent) => {
        const run = running.current;
        if (!run || run.streaming || (ev.type !== 'stage.started' && ev.type !== 'stage.finished')) return;
        if (run.sessionId === null && ev.sessionId) run.sessionId = ev.sessionId;
        if (ev.sessionId !== run.sessionId) return;
        setTurns((ts) =>
          ts.map((t) => (t.key === run.key ? { ...t, stages: applyStageEvent(t.stages, ev.type, ev.data) } : t)),
        );
      }),
    [live],
  );

  // Toasts stand above the question bar, never over it (styles.css "--toast-bottom"), whatever its height.
  const askRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = askRef.current;
    if (!form || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty('--toast-bottom', `${Math.ceil(form.getBoundingClientRect().height) + 12}px`);
    const observer = new ResizeObserver(place);
    observer.observe(form);
    place();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-bottom');
    };
  }, []);

  // Scroll to the newest turn when it is asked and again when its answer arrives (its top at the top of the view).
  const lastTurnKey = turns[turns.length - 1]?.key;
  const lastTurnState = turns[turns.length - 1]?.state;
  useEffect(() => {
    if (!lastTurnKey) return;
    const el = conversationRef.current?.querySelector(`[data-turn-key="${CSS.escape(lastTurnKey)}"]`);
    // Braces matter: newer browsers answer scrollIntoView with a Promise, which React must not get as a cleanup.
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [lastTurnKey, lastTurnState]);

  const update = useCallback(
    (key: string, patch: Partial<Turn>) => setTurns((ts) => ts.map((t) => (t.key === key ? { ...t, ...patch } : t))),
    [],
  );

  async function ask(e?: FormEvent) {
    e?.preventDefault();
    const q = question.trim();
    if (!q || running.current) return;
    setQuestion('');
    await send({ question: q }, q);
  }

  /** Ask `q` as it is (an example question, a refusal's suggested rewording). */
  async function askQuestion(q: string) {
    if (running.current) return;
    await send({ question: q }, q);
  }

  /** Put a table or column name from the schema panel into the question at the caret. */
  function insertName(name: string) {
    const el = inputRef.current;
    const next = insertWord(question, el?.selectionStart ?? question.length, el?.selectionEnd ?? question.length, name);
    setQuestion(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  /** Answer a clarification: the chosen option of `turn`'s question, in the same session, shown as the next turn. */
  async function clarify(turn: Turn, option: ClarificationOption) {
    if (!sessionId || running.current || turn.chosenOption !== undefined) return;
    update(turn.key, { chosenOption: option.id });
    await send({ clarification_option: option.id }, option.label);
  }

  /**
   * Send one request of the conversation (a question, or a clarification option) as a new turn showing `said` as
   * the person's message, streamed with a fallback to the plain POST /api/chat.
   */
  async function send(request: Pick<ChatRequest, 'question' | 'clarification_option'>, said: string) {
    if (running.current) return;
    const key = `t${Date.now()}`;
    const started = performance.now();
    const run = { key, sessionId, streaming: true };
    running.current = run;
    setTurns((ts) => [...ts, { key, question: said, state: 'running', stages: [] }]);
    const body: ChatRequest = {
      ...request,
      ...(sessionId ? { session_id: sessionId } : {}),
      ...(connectionId ? { connection_id: connectionId } : {}),
    };
    const onEvent = (ev: ChatStreamEvent) => {
      if (ev.type === 'answer.delta' && typeof ev.data.text === 'string') {
        const text = ev.data.text;
        setTurns((ts) => ts.map((t) => (t.key === key ? { ...t, partialAnswer: (t.partialAnswer ?? '') + text } : t)));
      } else if (ev.type === 'stage.started' || ev.type === 'stage.finished') {
        setTurns((ts) =>
          ts.map((t) => (t.key === key ? { ...t, stages: applyStageEvent(t.stages, ev.type, ev.data) } : t)),
        );
      }
    };
    try {
      let r: ChatResponse;
      try {
        r = await client.chatStream(body, onEvent);
      } catch (err) {
        if (!(err instanceof ChatStreamUnavailableError)) throw err;
        // No usable event stream (e.g. a proxy that buffers or drops it): ask plainly, progress from /ws/live.
        run.streaming = false;
        update(key, { stages: [], partialAnswer: undefined });
        r = await client.chat(body);
      }
      setTurns((ts) =>
        ts.map((t) =>
          t.key === key
            ? {
                ...t,
                state: r.success || r.clarification ? 'done' : 'failed',
                response: r,
                partialAnswer: undefined,
                elapsedMs: performance.now() - started,
                stages: t.stages.map((s) => ({ ...s, running: false })),
              }
            : t,
        ),
      );
      // A refusal or failure is shown once, in its turn (components/turn-error.tsx), not again as a toast.
      if (r.session_id !== sessionId) {
        shown.current = r.session_id;
        saveLastSession(r.session_id);
        setSessionId(r.session_id);
        setParams({ session: r.session_id }, { replace: true });
      }
    } catch (err) {
      // shown once, in the turn, like a refusal
      update(key, { state: 'failed', error: err instanceof ApiError ? err.describe() : String(err) });
    } finally {
      running.current = null;
    }
  }

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

  /** Rate one answer: feedback addressed to the turn's history entry, so any answer of the session can be rated. */
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

  function newConversation() {
    if (running.current) return;
    shown.current = null;
    saveLastSession(null);
    setTurns([]);
    setSessionId(null);
    setParams({}, { replace: true });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void ask();
    }
  }

  const isRunning = turns.some((t) => t.state === 'running');
  const lastPending = [...turns]
    .reverse()
    .find(
      (t) =>
        t.state !== 'running' && (t.response ? t.response.pending_approval : t.entry?.status === 'pending_approval'),
    );
  const lastTurn = turns[turns.length - 1];
  const activeConnection = connections.find((c) => c.active);
  const guideConnection = connectionId || activeConnection?.id || null;
  const benchmarks = useBenchmarks(guideConnection);
  const dialectOf = (t: Turn) =>
    connections.find((c) => c.id === (t.response?.connection_id ?? connectionId))?.dialect ??
    activeConnection?.dialect ??
    null;

  return (
    <section className="chat" aria-labelledby="chat-title">
      <div className="page-head">
        <h1 id="chat-title">Chat</h1>
        <div className="row">
          {sessionId && (
            <span className="muted small-text" data-testid="chat-session">
              session <code>{sessionId}</code>
            </span>
          )}
          <button
            type="button"
            className="secondary"
            onClick={() => setSchemaOpen((o) => !o)}
            aria-expanded={schemaOpen}
            data-testid="schema-toggle"
          >
            Tables
          </button>
          <button
            type="button"
            className="secondary"
            onClick={newConversation}
            disabled={isRunning}
            data-testid="chat-new"
          >
            New conversation
          </button>
        </div>
      </div>
      <div className={`chat-body ${schemaOpen ? 'chat-body-schema' : ''}`}>
        {schemaOpen && (
          <SchemaPanel connectionId={guideConnection} onInsert={insertName} onClose={() => setSchemaOpen(false)} />
        )}
        <div className="conversation" aria-live="polite" ref={conversationRef}>
          {turns.length === 0 && !sessionParam && (
            <ExampleQuestionList
              connectionId={guideConnection}
              onAsk={(q) => void askQuestion(q)}
              disabled={isRunning}
            />
          )}
          {turns.map((t) => (
            <ChatTurn
              key={t.key}
              turn={t}
              dialect={dialectOf(t)}
              canDecide={t === lastPending && !t.decision}
              mayDecide={allows('approver')}
              canRate={
                allows('analyst') &&
                t.state === 'done' &&
                Boolean(sessionId) &&
                Boolean(t.response?.history_entry_id ?? t.entry?.id)
              }
              canClarify={t === lastTurn && !isRunning && Boolean(sessionId)}
              onDecide={(d) => decide(t, d)}
              onFeedback={(s) => rate(t, s)}
              onClarify={(option) => clarify(t, option)}
              onAsk={(q) => void askQuestion(q)}
              busy={isRunning}
              benchmarks={benchmarks.data ?? []}
            />
          ))}
        </div>
      </div>
      <form className="ask" onSubmit={ask} aria-label="Ask a question" ref={askRef}>
        <label htmlFor="chat-question" className="sr-only">
          Question
        </label>
        <textarea
          id="chat-question"
          rows={2}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          ref={inputRef}
          placeholder="Ask a question in plain words (Enter to send, Shift+Enter for a new line)"
          data-testid="chat-input"
        />
        <div className="ask-side">
          <label htmlFor="chat-connection" className="small-text muted">
            Connection
          </label>
          <select
            id="chat-connection"
            value={connectionId}
            onChange={(e) => setConnectionId(e.target.value)}
            data-testid="chat-connection"
          >
            <option value="">{activeConnection ? `active (${activeConnection.name})` : 'active'}</option>
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={isRunning || !question.trim()} data-testid="chat-ask">
            {isRunning ? 'Running…' : 'Ask'}
          </button>
        </div>
      </form>
    </section>
  );
}
