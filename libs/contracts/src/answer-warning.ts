/**
 * Warnings on an answer (docs/http-api.md "Answer warnings"): what the answer check found in the SQL that ran, which a
 * person should check before trusting the answer. Codes are stable; messages are for people.
 */

/** The stable codes of {@link AnswerWarning}. */
export const ANSWER_WARNING_CODES = [
  'unused_words',
  'contradiction',
  'type_mismatch',
  'unknown_value',
  'count_distinct_group',
  'key_aggregate',
  'fan_out',
  'limit_mismatch',
  'order_by_key',
] as const;

/** One of {@link ANSWER_WARNING_CODES}. */
export type AnswerWarningCode = (typeof ANSWER_WARNING_CODES)[number];

/**
 * One warning: `code` (stable), `message` (one sentence), and for `unused_words` the words of the question the SQL
 * does not use.
 */
export interface AnswerWarning {
  code: string;
  message: string;
  words?: string[];
}
