import type { FewShotExample } from '@nlq/llm-providers';
import type { StateStore } from '../ports';
import { stemmedWords } from '../word-stemmer';

/** Few-shot examples a prompt carries at most. */
export const EXAMPLE_LIMIT = 3;

/** A few-shot example with the id of the verified example it came from (recorded on the examples span). */
export type PromptExample = FewShotExample & { id: string };

/** Verified examples read to choose the few-shot examples of one question from. */
export const EXAMPLE_POOL = 200;

/**
 * Pipeline step 5 (docs/architecture.md): the connection's verified examples (a thumbs-up only makes
 * a candidate, which an admin promotes after its re-run passed) closest to `question`, at most `limit` (3): of the
 * newest {@link EXAMPLE_POOL}, those sharing the most stemmed words with the question (Jaccard similarity, as
 * retrieval-based few-shot selection does), newer first among equals. None when the store keeps no verified examples.
 * Rejects with the store's error.
 */
export async function loadExamples(
  store: StateStore,
  connectionId: string,
  question: string,
  limit = EXAMPLE_LIMIT,
): Promise<PromptExample[]> {
  if (!store.verifiedExamples || limit <= 0) return [];
  const pool = await store.verifiedExamples.fewShotExamples(connectionId, EXAMPLE_POOL);
  const asked = new Set(stemmedWords(question));
  const similarity = (text: string) => {
    const words = new Set(stemmedWords(text));
    let shared = 0;
    for (const w of words) if (asked.has(w)) shared++;
    const union = asked.size + words.size - shared;
    return union === 0 ? 0 : shared / union;
  };
  return pool
    .map((e, newest) => ({ e, newest, score: similarity(e.question) }))
    .sort((a, b) => b.score - a.score || a.newest - b.newest)
    .slice(0, limit)
    .map(({ e }) => ({ id: e.id, question: e.question, sql: e.sql }));
}
