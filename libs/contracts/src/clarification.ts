/**
 * Clarifying questions (docs/architecture.md "Readings and clarifications"): when a question has two or more
 * readings nlq cannot rank apart, it asks back instead of guessing, and nothing is executed.
 */

/** One reading a person can choose, as the wire shows it. */
export interface ClarificationOption {
  /** Stable within its clarification: `1`, `2`, ... in the order the options are offered. */
  id: string;
  /** The reading in plain words, e.g. `customers whose city is 'London'`. */
  label: string;
}

/** What /api/chat answers (with success false) when it asks back: 2 to 5 options. */
export interface Clarification {
  /** The question put to the person, e.g. `Which "London" do you mean?`. */
  question: string;
  options: ClarificationOption[];
}

/**
 * One reading as a provider proposes it: the label a person reads and the question, restated without the ambiguity,
 * that nlq asks when the person chooses it (e.g. `customers whose city is London`).
 */
export interface ProposedReading {
  label: string;
  question: string;
}

/** A provider's request to ask back: the question and its 2 to 5 readings, most likely first. */
export interface ClarificationProposal {
  question: string;
  readings: ProposedReading[];
}

/** A clarification as a session stores it: the wire shape plus each option's restated question. */
export interface StoredClarification {
  question: string;
  options: Array<ClarificationOption & { question: string }>;
}

/** Most options a clarification offers; a proposal with more is cut to the first five. */
export const MAX_CLARIFICATION_OPTIONS = 5;

/**
 * The clarification a session stores for a provider's proposal: options numbered from 1, duplicates (same restated
 * question) dropped, at most {@link MAX_CLARIFICATION_OPTIONS}. Null when fewer than two distinct readings remain
 * (nothing to ask).
 */
export function toStoredClarification(proposal: ClarificationProposal): StoredClarification | null {
  const seen = new Set<string>();
  const options: StoredClarification['options'] = [];
  for (const reading of proposal.readings) {
    const key = reading.question.trim().toLowerCase();
    if (!key || !reading.label.trim() || seen.has(key)) continue;
    seen.add(key);
    options.push({ id: String(options.length + 1), label: reading.label.trim(), question: reading.question.trim() });
    if (options.length === MAX_CLARIFICATION_OPTIONS) break;
  }
  return options.length >= 2 ? { question: proposal.question.trim(), options } : null;
}

/** The wire shape of a stored clarification (labels only). */
export function publicClarification(stored: StoredClarification): Clarification {
  return { question: stored.question, options: stored.options.map(({ id, label }) => ({ id, label })) };
}
