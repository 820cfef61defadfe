import type { Clarification, ClarificationOption, HistoryEntry } from '@nlq/contracts';
import { useId } from 'react';

/**
 * The question a turn asked back: the api's `ChatResponse.clarification`, or for a turn loaded from a
 * stored session its entry's `clarification` (the stored shape, each option's restated question left out). Null when
 * the turn answered (or failed) instead.
 */
export function turnClarification(
  response: { clarification?: Clarification | null } | undefined,
  entry: HistoryEntry | undefined,
): Clarification | null {
  const c = response ? response.clarification : entry?.clarification;
  if (!c || !Array.isArray(c.options) || c.options.length === 0) return null;
  return { question: c.question, options: c.options.map(({ id, label }) => ({ id, label })) };
}

export interface ClarificationOptionsProps {
  clarification: Clarification;
  /** Id of the option the person chose here, when any (shown pressed). */
  chosen?: string;
  /** True once the clarification is answered (an option chosen, a later question asked) or while a question runs. */
  disabled: boolean;
  onChoose(option: ClarificationOption): void;
}

/**
 * A question nlq asked back instead of guessing: the question and one button an option. Not an error: neutral
 * styling, no error text. Choosing an option answers it (the page sends `clarification_option`); a typed question
 * works too. The buttons of an answered clarification are disabled. A group labelled by the question
 * (data-testid clarification); each option button has data-testid clarification-option and the option's label as
 * its name.
 */
export function ClarificationOptions({ clarification, chosen, disabled, onChoose }: ClarificationOptionsProps) {
  const questionId = useId();
  return (
    <div className="clarification" role="group" aria-labelledby={questionId} data-testid="clarification">
      <p id={questionId} className="clarification-question" data-testid="clarification-question">
        {clarification.question}
      </p>
      <div className="clarification-options">
        {clarification.options.map((option) => (
          <button
            key={option.id}
            type="button"
            className={`secondary ${chosen === option.id ? 'pressed' : ''}`}
            disabled={disabled}
            aria-pressed={chosen === option.id}
            onClick={() => onChoose(option)}
            data-testid="clarification-option"
            data-option-id={option.id}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="muted small-text" data-testid="clarification-hint">
        {disabled && chosen
          ? 'Answered.'
          : disabled
            ? 'Answered by a later question.'
            : 'Choose one, or ask in other words.'}
      </p>
    </div>
  );
}
