import { escapedValue } from '@nlq/contracts';

/** Most characters of the reading line of a /query response (its values stay on the line, framed-text.ts). */
export const MAX_READING_CHARS = 2_000;

/**
 * The /query response text with the answer's reading: POST /query has no field for it (docs/http-api.md
 * "Contract: query adapter"), so the reading follows the answer on its own line, unless it would only repeat the answer: when
 * every word of the reading after its leading verb ("Counted", "Listed", ...) already appears in the answer (case,
 * punctuation and number grouping aside; "Counted customers." adds nothing to "There are 1,000 customers."), or there
 * is no reading. The reading is kept on one line (escapedValue), so a literal of the SQL cannot start a line.
 */
export function responseWithReading(answer: string, reading: string | null): string {
  if (!reading || !reading.trim()) return answer;
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const said = new Set(words(answer));
  if (
    words(reading)
      .slice(1)
      .every((word) => said.has(word))
  )
    return answer;
  return `${answer}\n${escapedValue(reading.trim(), MAX_READING_CHARS)}`;
}
