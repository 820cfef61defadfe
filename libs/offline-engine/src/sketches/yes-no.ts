import { UnmappedQuestionError } from '../linking/question-items';
import type { QueryIntent, ReadIntent } from './query-intent';
import { isWriteIntent } from './query-intent';

/** Openings of a yes/no question about whether rows exist: "is there", "are there any", "does any", "do we have". */
const OPENING =
  /^\s*(?:(?:is|are|was|were)\s+there(?:\s+(?:any|a|an|some))?|(?:does|do|did|has|have)(?:\s+(?:any|we|you|the\s+\w+\s+have))?)\s+/i;

/**
 * The rest of a yes/no existence question ("are there any orders in 2024?" -> "orders in 2024?"), or null when the
 * question does not open like one.
 */
export function yesNoBody(question: string): string | null {
  const m = OPENING.exec(question);
  return m ? question.slice(m[0].length) : null;
}

/**
 * The yes/no sketch: the count read from "how many <rest>" answered as whether any row exists. Throws
 * UnmappedQuestionError when the rest is not a plain count of rows (a yes/no question about something else, such
 * as "is texas larger than ohio", is not understood).
 */
export function toYesNo(counted: QueryIntent): ReadIntent {
  if (isWriteIntent(counted) || counted.kind !== 'count' || counted.group || counted.measure?.expr.kind !== 'rows') {
    throw new UnmappedQuestionError('it could not read the yes/no question as whether some rows exist');
  }
  return { ...counted, yesNo: true };
}
