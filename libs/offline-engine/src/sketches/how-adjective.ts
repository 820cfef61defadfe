import type { QueryIntent } from './query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import { DIMENSION_WORDS } from '../words/question-vocabulary';

/** "how long", "how big": the superlative whose dimension words (DIMENSION_WORDS) the adjective asks about. */
const HOW = /^\s*how\s+(long|big|large|tall|high|small|short)\s+(?:is|are|was|were)\s+(.+)$/i;
const SUPERLATIVE = new Map<string, string>(
  Object.entries({
    long: 'longest',
    short: 'shortest',
    big: 'biggest',
    large: 'largest',
    small: 'smallest',
    tall: 'tallest',
    high: 'tallest',
  }),
);

/**
 * "how long is the mississippi" read as "what is the length of the mississippi": each dimension word of the
 * adjective (length, area, height, ...) is tried with `parse`, and exactly one must give a reading (two different
 * readings are refused, none gives null). Returns null when the question does not open with "how <adjective> is".
 */
export function howAdjectiveIntent(question: string, parse: (question: string) => QueryIntent): QueryIntent | null {
  const m = HOW.exec(question);
  if (!m) return null;
  const dims = DIMENSION_WORDS.get(SUPERLATIVE.get(m[1].toLowerCase()) ?? '') ?? [];
  const readings = new Map<string, QueryIntent>();
  for (const dim of dims) {
    try {
      const intent = parse(`what is the ${dim} of ${m[2]}`);
      readings.set(JSON.stringify({ ...intent, confidence: undefined }), intent);
    } catch {
      // this dimension is not a column of the named row
    }
  }
  if (readings.size > 1) throw new UnmappedQuestionError(`it could not tell which measure "how ${m[1]}" asks for`);
  return readings.size === 1 ? [...readings.values()][0] : null;
}
