import type { ConnectionView } from '@nlq/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../components/api-provider';
import { ChatAskForm } from '../components/chat-ask-form';
import { ChatConversation } from '../components/chat-conversation';
import type { Turn } from '../components/chat-turn';
import { useRole } from '../components/role-gate';
import { SchemaPanel } from '../components/schema-panel';
import { useToast } from '../components/toasts';
import { insertWord } from '../lib/insert-text';
import { useBenchmarks } from '../lib/use-benchmarks';
import { useChatSend } from '../lib/use-chat-send';
import { useChatSession } from '../lib/use-chat-session';
import { useTurnDecisions } from '../lib/use-turn-decisions';

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
  const { allows } = useRole();
  const chat = useChatSession();
  const { sessionId, turns, running } = chat;
  const connections = useConnections();
  const [connectionId, setConnectionId] = useState('');
  const { send, askQuestion, clarify } = useChatSend(chat, connectionId);
  const { decide, rate } = useTurnDecisions(chat);
  const { question, setQuestion, inputRef, insertName } = useQuestionInput();
  const [schemaOpen, setSchemaOpen] = useState(false);

  async function ask(e?: FormEvent) {
    e?.preventDefault();
    const q = question.trim();
    if (!q || running.current) return;
    setQuestion('');
    await send({ question: q }, q);
  }

  const isRunning = turns.some((t) => t.state === 'running');
  const activeConnection = connections.find((c) => c.active);
  const guideConnection = connectionId || activeConnection?.id || null;
  const benchmarks = useBenchmarks(guideConnection);
  const dialectOf = (t: Turn) =>
    connections.find((c) => c.id === (t.response?.connection_id ?? connectionId))?.dialect ??
    activeConnection?.dialect ??
    null;

  return (
    <section className="chat" aria-labelledby="chat-title">
      <ChatHead
        sessionId={sessionId}
        schemaOpen={schemaOpen}
        onToggleSchema={() => setSchemaOpen((o) => !o)}
        onNew={() => {
          if (!running.current) chat.reset();
        }}
        isRunning={isRunning}
      />
      <div className={`chat-body ${schemaOpen ? 'chat-body-schema' : ''}`}>
        {schemaOpen && (
          <SchemaPanel connectionId={guideConnection} onInsert={insertName} onClose={() => setSchemaOpen(false)} />
        )}
        <ChatConversation
          turns={turns}
          sessionParam={chat.sessionParam}
          sessionId={sessionId}
          guideConnection={guideConnection}
          isRunning={isRunning}
          mayDecide={allows('approver')}
          mayRate={allows('analyst')}
          dialectOf={dialectOf}
          onAsk={(q) => void askQuestion(q)}
          onDecide={decide}
          onRate={rate}
          onClarify={clarify}
          benchmarks={benchmarks.data ?? []}
        />
      </div>
      <ChatAskForm
        question={question}
        onQuestion={setQuestion}
        inputRef={inputRef}
        onAsk={ask}
        isRunning={isRunning}
        connections={connections}
        activeConnection={activeConnection}
        connectionId={connectionId}
        onConnection={setConnectionId}
      />
    </section>
  );
}

/** The connections of GET /api/connections (empty until they arrive; a failure is an error toast). */
function useConnections(): ConnectionView[] {
  const { client } = useApi();
  const toast = useToast();
  const [connections, setConnections] = useState<ConnectionView[]>([]);
  useEffect(() => {
    client.connections().then(setConnections, (err) => toast.error(err));
  }, [client, toast]);
  return connections;
}

/**
 * The question being written and its text area; `insertName` puts a table or column name from the schema panel into
 * the question at the caret (lib/insert-text.ts) and puts the caret after it.
 */
function useQuestionInput() {
  const [question, setQuestion] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  function insertName(name: string) {
    const el = inputRef.current;
    const next = insertWord(question, el?.selectionStart ?? question.length, el?.selectionEnd ?? question.length, name);
    setQuestion(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  return { question, setQuestion, inputRef, insertName };
}

/** The chat's heading: the session shown, the Tables toggle of the schema panel and "New conversation". */
function ChatHead(props: {
  sessionId: string | null;
  schemaOpen: boolean;
  onToggleSchema(): void;
  onNew(): void;
  isRunning: boolean;
}) {
  const { sessionId, schemaOpen } = props;
  return (
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
          onClick={props.onToggleSchema}
          aria-expanded={schemaOpen}
          data-testid="schema-toggle"
        >
          Tables
        </button>
        <button
          type="button"
          className="secondary"
          onClick={props.onNew}
          disabled={props.isRunning}
          data-testid="chat-new"
        >
          New conversation
        </button>
      </div>
    </div>
  );
}
