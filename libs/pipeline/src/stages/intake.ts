/** Result of the intake stage: the trimmed question, or the reason it was not accepted. */
export type IntakeResult = { ok: true; question: string } | { ok: false; error: string };

/**
 * Pipeline step 1 (docs/architecture.md): accept a question that is not empty or whitespace only and at most `maxChars`
 * characters long after trimming. The limit comes from configuration, never from the request.
 */
export function checkQuestion(question: unknown, maxChars: number): IntakeResult {
  if (typeof question !== 'string' || question.trim().length === 0) {
    return { ok: false, error: 'The question is empty: ask a question in plain words.' };
  }
  const trimmed = question.trim();
  if (trimmed.length > maxChars) {
    return {
      ok: false,
      error: `The question is too long: ${trimmed.length} characters, at most ${maxChars} are allowed.`,
    };
  }
  return { ok: true, question: trimmed };
}
