import type { ProposedReading } from '@nlq/contracts';
import { restate, type AmbiguousQuestionError } from './ambiguous-reading';
import { OfflineClarificationError, unanswerable, type OfflineRefusalError } from '../unanswerable';

/** Most readings offered (the contract's limit). */
const MAX_READINGS = 5;

/**
 * The engine asking back for an ambiguous question: each reading of `error` becomes the question
 * restated with its unambiguous wording, kept only when `answers(restated)` is true (the engine itself writes SQL for
 * it without asking again or refusing); a restated question that has a second ambiguity (`answers` returns it) is
 * expanded once into its own readings. Two to five kept readings make an OfflineClarificationError; fewer, a refusal
 * naming the ambiguity (and the one reading left, as a rephrasing to try).
 */
export function clarificationFor(
  question: string,
  error: AmbiguousQuestionError,
  answers: (restated: string) => true | AmbiguousQuestionError | false,
): OfflineClarificationError | OfflineRefusalError {
  const readings: ProposedReading[] = [];
  const seen = new Set<string>();
  // a restated question with a second ambiguity of its own is expanded once: each of its readings, labels joined
  const expand = (q: string, label: string, depth: number): ProposedReading[] => {
    if (seen.has(q.toLowerCase())) return [];
    const answer = answers(q);
    if (answer === true) return [{ label, question: q }];
    if (answer === false || depth > 0) return [];
    for (const r of answer.readings) {
      for (const replacement of Array.isArray(r.replacement) ? r.replacement : [r.replacement]) {
        const next = restate(q, r.phrase, replacement);
        const found = next ? expand(next, `${label}; ${r.label}`, depth + 1) : [];
        if (found.length)
          return answer.readings.flatMap((o) => (o === r ? found : firstAnswered(q, o, `${label}; ${o.label}`)));
      }
    }
    return [];
  };
  const firstAnswered = (
    q: string,
    r: AmbiguousQuestionError['readings'][number],
    label: string,
  ): ProposedReading[] => {
    for (const replacement of Array.isArray(r.replacement) ? r.replacement : [r.replacement]) {
      const next = restate(q, r.phrase, replacement);
      if (next && !seen.has(next.toLowerCase()) && answers(next) === true) return [{ label, question: next }];
    }
    return [];
  };
  for (const r of error.readings) {
    for (const replacement of Array.isArray(r.replacement) ? r.replacement : [r.replacement]) {
      const restated = restate(question, r.phrase, replacement);
      const found = restated ? expand(restated, r.label, 0) : [];
      if (!found.length) continue;
      for (const f of found) {
        seen.add(f.question.toLowerCase());
        readings.push(f);
      }
      break;
    }
    if (readings.length >= MAX_READINGS) break;
  }
  readings.splice(MAX_READINGS);
  if (readings.length >= 2) {
    return new OfflineClarificationError({
      question: error.ask ?? `Which do you mean: ${readings.map((r) => r.label).join(', or ')}?`,
      readings,
    });
  }
  return unanswerable(
    `${error.reason}${readings.length === 1 ? `; to mean ${readings[0].label}, ask "${readings[0].question}"` : ''}`,
  );
}
