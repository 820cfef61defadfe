import type { ConnectionView } from '@nlq/contracts';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';

export interface ChatAskFormProps {
  question: string;
  onQuestion(question: string): void;
  /** The question's text area (the schema panel inserts names at its caret). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Ask the question (the form was submitted, or Enter pressed without Shift). */
  onAsk(e?: FormEvent): void;
  isRunning: boolean;
  connections: readonly ConnectionView[];
  activeConnection: ConnectionView | undefined;
  /** The chosen connection's id, '' for the active one. */
  connectionId: string;
  onConnection(id: string): void;
}

/**
 * The chat's question bar: the question (Enter sends, Shift+Enter adds a line), the connection to ask (the active
 * one by default) and the Ask button, disabled while a question runs or the question is blank.
 */
export function ChatAskForm(props: ChatAskFormProps) {
  const { question, onQuestion, inputRef, onAsk, isRunning, connections, activeConnection } = props;
  const askRef = useToastsAbove<HTMLFormElement>();

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void onAsk();
    }
  }

  return (
    <form className="ask" onSubmit={onAsk} aria-label="Ask a question" ref={askRef}>
      <label htmlFor="chat-question" className="sr-only">
        Question
      </label>
      <textarea
        id="chat-question"
        rows={2}
        value={question}
        onChange={(e) => onQuestion(e.target.value)}
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
          value={props.connectionId}
          onChange={(e) => props.onConnection(e.target.value)}
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
  );
}

/**
 * Keep the toasts above the element the returned ref is put on, never over it, whatever its height: sets the
 * `--toast-bottom` property of the document (styles.css "--toast-bottom") to its height plus 12 px while it is shown.
 */
function useToastsAbove<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty('--toast-bottom', `${Math.ceil(el.getBoundingClientRect().height) + 12}px`);
    const observer = new ResizeObserver(place);
    observer.observe(el);
    place();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-bottom');
    };
  }, []);
  return ref;
}
