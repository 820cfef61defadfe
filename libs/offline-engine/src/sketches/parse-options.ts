import type { WordResolver } from '../linking/word-resolver';

/** Options of parseQuestion (parse-question.ts), read by the intent builder too. */
export interface ParseOptions {
  now: Date;
  /** Rows of a "most expensive products" style question without a number (a singular noun means 1). */
  defaultTopN: number;
  /** Maps words the schema does not know as written (lemmas, synonyms, typos); none when absent. */
  resolver?: WordResolver;
}
