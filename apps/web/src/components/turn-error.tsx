import { suggestedQuestion } from '../lib/refusal';

export interface TurnErrorProps {
  error: string;
  /** A write or DDL the user mode does not run: titled as refused by policy, not as a failure to understand. */
  byPolicy: boolean;
  /** Asks the refusal's suggested question (absent: shown as text only). */
  onAsk?(question: string): void;
  /** True while another question runs. */
  disabled?: boolean;
}

/**
 * The one place a failed or refused question is shown (no toast repeats it): a title ("Refused by
 * policy" for a write in user mode, else "The question could not be answered"), the reason, and the rewording the
 * refusal suggests as a button that asks it (data-testid chat-suggestion).
 */
export function TurnError({ error, byPolicy, onAsk, disabled = false }: TurnErrorProps) {
  const suggestion = suggestedQuestion(error);
  return (
    <div
      className={`turn-error ${byPolicy ? 'turn-error-policy' : ''}`}
      role="alert"
      data-testid="chat-error-block"
      data-policy={byPolicy ? 'true' : 'false'}
    >
      <strong className="turn-error-title" data-testid="chat-error-title">
        {byPolicy ? 'Refused by policy: nothing was run' : 'The question could not be answered'}
      </strong>
      <p className="error-text" data-testid="chat-error">
        {error}
      </p>
      {suggestion && onAsk && (
        <p className="turn-suggestion">
          <span className="muted">Try: </span>
          <button
            type="button"
            className="secondary small"
            disabled={disabled}
            onClick={() => onAsk(suggestion)}
            data-testid="chat-suggestion"
          >
            {suggestion}
          </button>
        </p>
      )}
    </div>
  );
}
