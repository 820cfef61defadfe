import type { ProposedReading } from '@nlq/contracts';
import { restate, type AmbiguousQuestionError } from './ambiguous-reading';
import { OfflineClarificationError, unanswerable, type OfflineRefusalError } from './unanswerable';

/** Most readings offered (the contract's limit). */
const MAX_READINGS = 5;

/**
 * The engine asking back for an ambiguous question (issue 22 item 6): each reading of `error` becomes the question
 * restated with its unambiguous wording, kept only when `answers(restated)` is true (the engine itself writes SQL for
 * it without asking again or refusing). Two to five kept readings make an OfflineClarificationError; fewer, a refusal
 * naming the ambiguity (and the one reading left, as a rephrasing to try).
 */
export function clarificationFor(question: string, error: AmbiguousQuestionError, answers: (restated: string) => boolean): OfflineClarificationError | OfflineRefusalError {
  const readings: ProposedReading[] = [];
  const seen = new Set<string>();
  for (const r of error.readings) {
    const restated = (Array.isArray(r.replacement) ? r.replacement : [r.replacement])
      .map((replacement) => restate(question, r.phrase, replacement))
      .find((q): q is string => !!q && !seen.has(q.toLowerCase()) && answers(q));
    if (!restated) continue;
    seen.add(restated.toLowerCase());
    readings.push({ label: r.label, question: restated });
    if (readings.length === MAX_READINGS) break;
  }
  if (readings.length >= 2) {
    return new OfflineClarificationError({ question: error.ask ?? `Which do you mean: ${readings.map((r) => r.label).join(', or ')}?`, readings });
  }
  return unanswerable(`${error.reason}${readings.length === 1 ? `; to mean ${readings[0].label}, ask "${readings[0].question}"` : ''}`);
}
