import type { ChatRequest, ChatResponse, ClarificationOption } from '@nlq/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { ApiError } from '../api/api-error';
import { ChatStreamUnavailableError, type ApiClient, type ChatStreamEvent } from '../api/client';
import { useApi } from '../components/api-provider';
import type { Turn } from '../components/chat-turn';
import { applyStageEvent } from './stage-events';
import type { ChatSession, RunningQuestion } from './use-chat-session';

/** What one request of the conversation asks: a question, or the chosen option of a clarification. */
export type ChatAsk = Pick<ChatRequest, 'question' | 'clarification_option'>;

/**
 * Sending one request of the conversation (a question, or a clarification option) as a new turn showing `said` as
 * the person's message: POST /api/chat/stream with its stage progress and growing answer, falling back to the plain
 * POST /api/chat (progress from /ws/live) when no event stream is usable. The first answer names the session, which
 * the conversation then continues. A failure is shown once, in its turn (components/turn-error.tsx), never as a toast.
 * Nothing is sent while another question runs. `connectionId` '' asks the active connection. Also answers `askQuestion`
 * (ask a text as it is) and `clarify` (send the chosen option of a turn that asked back, once).
 */
export function useChatSend(chat: ChatSession, connectionId: string) {
  const { client } = useApi();
  const { sessionId, running, setTurns, update } = chat;

  async function send(request: ChatAsk, said: string): Promise<void> {
    if (running.current) return;
    const key = `t${Date.now()}`;
    const started = performance.now();
    const run: RunningQuestion = { key, sessionId, streaming: true };
    running.current = run;
    setTurns((ts) => [...ts, { key, question: said, state: 'running', stages: [] }]);
    const body: ChatRequest = {
      ...request,
      ...(sessionId ? { session_id: sessionId } : {}),
      ...(connectionId ? { connection_id: connectionId } : {}),
    };
    try {
      const r = await streamOrAsk(client, body, streamEventHandler(key, setTurns), () => {
        run.streaming = false;
        update(key, { stages: [], partialAnswer: undefined });
      });
      setTurns((ts) => ts.map((t) => (t.key === key ? finishedTurn(t, r, performance.now() - started) : t)));
      if (r.session_id !== sessionId) chat.adopt(r.session_id);
    } catch (err) {
      update(key, { state: 'failed', error: err instanceof ApiError ? err.describe() : String(err) });
    } finally {
      running.current = null;
    }
  }

  /** Ask `q` as it is (an example question, a refusal's suggested rewording). */
  async function askQuestion(q: string) {
    if (running.current) return;
    await send({ question: q }, q);
  }

  /** Answer a clarification: the chosen option of `turn`'s question, in the same session, shown as the next turn. */
  async function clarify(turn: Turn, option: ClarificationOption) {
    if (!sessionId || running.current || turn.chosenOption !== undefined) return;
    update(turn.key, { chosenOption: option.id });
    await send({ clarification_option: option.id }, option.label);
  }

  return { send, askQuestion, clarify };
}

/**
 * Ask through POST /api/chat/stream; when it has no usable event stream (e.g. a proxy that buffers or drops it),
 * call `onFallback` and ask plainly with POST /api/chat.
 * @throws ApiError of either request
 */
async function streamOrAsk(
  client: ApiClient,
  body: ChatRequest,
  onEvent: (ev: ChatStreamEvent) => void,
  onFallback: () => void,
): Promise<ChatResponse> {
  try {
    return await client.chatStream(body, onEvent);
  } catch (err) {
    if (!(err instanceof ChatStreamUnavailableError)) throw err;
    onFallback();
    return client.chat(body);
  }
}

/** Apply the stream's answer.delta pieces and stage events to the turn with key `key`. */
function streamEventHandler(key: string, setTurns: Dispatch<SetStateAction<Turn[]>>) {
  return (ev: ChatStreamEvent) => {
    if (ev.type === 'answer.delta' && typeof ev.data.text === 'string') {
      const text = ev.data.text;
      setTurns((ts) => ts.map((t) => (t.key === key ? { ...t, partialAnswer: (t.partialAnswer ?? '') + text } : t)));
    } else if (ev.type === 'stage.started' || ev.type === 'stage.finished') {
      setTurns((ts) =>
        ts.map((t) => (t.key === key ? { ...t, stages: applyStageEvent(t.stages, ev.type, ev.data) } : t)),
      );
    }
  };
}

/**
 * A turn once its answer `r` came back after `elapsedMs` (ms): done when it answered or asked back, else failed;
 * the streamed partial answer dropped and every stage stopped.
 */
function finishedTurn(t: Turn, r: ChatResponse, elapsedMs: number): Turn {
  return {
    ...t,
    state: r.success || r.clarification ? 'done' : 'failed',
    response: r,
    partialAnswer: undefined,
    elapsedMs,
    stages: t.stages.map((s) => ({ ...s, running: false })),
  };
}
