import type { AnswerWarning } from '@nlq/contracts';

/**
 * The answer check's warnings on an answer (`ChatResponse.warnings` / `HistoryEntry.warnings`, docs/http-api.md
 * "Answer warnings"): what a person should check before trusting it, one message a line, e.g. 'The SQL does not use
 * this part of the question: "per status".' Shown beside the amber "check this" badge; nothing when there is none.
 * A `note` labelled "Check this answer" (tests find it by data-testid chat-warnings).
 */
export function AnswerWarnings({ warnings }: { warnings: readonly AnswerWarning[] | null | undefined }) {
  if (!warnings?.length) return null;
  return (
    <ul className="answer-warnings small-text" role="note" aria-label="Check this answer" data-testid="chat-warnings">
      {warnings.map((w, i) => (
        <li key={i} data-code={w.code}>
          {w.message}
        </li>
      ))}
    </ul>
  );
}
