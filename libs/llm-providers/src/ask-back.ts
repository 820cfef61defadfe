/**
 * The defined form in which a model asks back instead of guessing (docs/architecture.md "Readings and
 * clarifications"): the prompt's rule tells it to reply
 *
 *     CLARIFY: <one short question to the person>
 *     - <one reading in plain words>
 *     - <another reading>
 *
 * and nothing else, and nlq turns such a reply into the same clarification the offline engine asks.
 */
import type { ClarificationProposal } from '@nlq/contracts';
import { stripThinking } from './extract-sql';

/** Marker that opens a model's ask-back reply. */
export const CLARIFY_MARKER = 'CLARIFY';

/** The prompt rule that lets a model ask back (appended to the SQL prompt's rules). */
export const ASK_BACK_RULE = `If the question has two or more readings that would give different answers and neither the schema, the sample values nor the conversation decides between them, do not guess: reply exactly "${CLARIFY_MARKER}: <one short question to the person>" followed by 2 to 5 lines "- <one reading in plain words>", most likely first, and nothing else. Ask only when the readings really differ.`;

/**
 * The clarification in a model reply written in the ask-back form, else null. Reasoning blocks and an enclosing
 * fence are ignored; readings are the `-`, `*` or numbered lines after the question (at most 5 kept by the caller).
 * Each reading's restated question is the original `question` with the reading appended, so choosing it asks the
 * model again with the ambiguity settled. Null also when fewer than two readings are given.
 */
export function parseAskBack(raw: string, question: string): ClarificationProposal | null {
  const body = stripThinking(raw)
    .replace(/^```[\w-]*\s*/, '')
    .replace(/```\s*$/, '')
    .replace(/^[*_`"'\s]+/, '');
  if (!body.toUpperCase().startsWith(CLARIFY_MARKER)) return null;
  const lines = body
    .slice(CLARIFY_MARKER.length)
    .replace(/^[*_`"'\s:\-–—]+/, '')
    .split(/\r?\n/);
  const asked = (lines.shift() ?? '').replace(/[*_`]+/g, '').trim();
  const readings: string[] = [];
  for (const line of lines) {
    const match = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/.exec(line);
    if (match) readings.push(match[1].replace(/[*_`]+/g, '').trim());
  }
  const base = question.trim().replace(/[?.!\s]+$/, '');
  const distinct = [...new Set(readings.filter((r) => r.length > 0))];
  if (distinct.length < 2) return null;
  return {
    question: asked || 'Which of these do you mean?',
    readings: distinct.map((label) => ({ label, question: `${base} (meaning: ${label})` })),
  };
}
