import type { KnowledgeDefinition } from '@nlq/contracts';
import { tokenizeQuestion } from '../words/question-tokenizer';

/** A verified example of the connection: a question an admin promoted with the SQL that answers it. */
export interface VerifiedExample {
  id?: string;
  question: string;
  sql: string;
}

/**
 * Words that only frame a question and never change its SQL: articles, auxiliaries, pronouns and polite openers.
 * Prepositions, negations, comparatives and quantities are kept (they change the SQL: "from" vs "to", "not").
 */
const FRAMING_WORDS = new Set(
  'a an the please show me give list tell what which is are was were be there do does did can could would will you i we our us my'.split(
    ' ',
  ),
);

/**
 * The question as the engine reads its meaning-bearing tokens: singular lower-case words without framing words,
 * numbers by value, quoted text and dates verbatim, comparison symbols; joined with spaces.
 */
function questionKey(question: string): string {
  return tokenizeQuestion(question)
    .filter((t) => !(t.kind === 'word' && FRAMING_WORDS.has(t.lower)))
    .map((t) =>
      t.kind === 'number' ? `#${t.value}` : t.kind === 'quoted' || t.kind === 'date' ? `'${t.raw}'` : t.norm,
    )
    .join(' ');
}

/**
 * The verified example that asks `question` ("where the question matches, for the offline engine"):
 * the same meaning-bearing tokens in the same order ("How many customers are in France?" matches "how many customer
 * in france"), never a merely similar question. None when the question uses a metric or filter definition (the
 * engine applies those itself, and an example written before the definition may not), or when several examples with
 * different SQL ask it.
 */
export function matchVerifiedExample(
  question: string,
  examples: readonly VerifiedExample[] | undefined,
  knowledge: readonly KnowledgeDefinition[] | undefined,
): VerifiedExample | null {
  if (!examples?.length || knowledge?.some((d) => d.kind === 'metric' || d.kind === 'filter')) return null;
  const key = questionKey(question);
  if (!key) return null;
  const matches = examples.filter((e) => questionKey(e.question) === key);
  if (matches.length === 0 || matches.some((m) => m.sql.trim() !== matches[0].sql.trim())) return null;
  return matches[0];
}
