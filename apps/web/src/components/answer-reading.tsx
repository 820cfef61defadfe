/**
 * What the executed SQL computed, in plain English (`ChatResponse.reading` / `HistoryEntry.reading`), shown
 * under an answer so a person can check it answers their question, e.g. "How nlq read it: Counted orders with status
 * 'shipped' placed in 2024, per customer country, largest first." Renders nothing for a null or empty reading.
 * A `note` labelled "How nlq read it" (tests find it by that role and name, or by data-testid chat-reading).
 */
export function AnswerReading({ reading }: { reading: string | null | undefined }) {
  const text = reading?.trim();
  if (!text) return null;
  return (
    <p className="reading muted small-text" role="note" aria-label="How nlq read it" data-testid="chat-reading">
      <span className="reading-label">How nlq read it:</span> {text}
    </p>
  );
}
