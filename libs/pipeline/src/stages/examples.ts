import type { FewShotExample } from '@nlq/llm-providers';
import type { StateStore } from '../ports';

/** Few-shot examples a prompt carries at most. */
export const EXAMPLE_LIMIT = 3;

/** A few-shot example with the id of the verified example it came from (recorded on the examples span). */
export type PromptExample = FewShotExample & { id: string };

/**
 * Pipeline step 5 (docs/architecture.md): the connection's verified examples (issue 23 item 4: a thumbs-up only makes
 * a candidate, which an admin promotes after its re-run passed), newest change first, at most `limit` (3); none when
 * the store keeps no verified examples. Rejects with the store's error.
 */
export async function loadExamples(store: StateStore, connectionId: string, limit = EXAMPLE_LIMIT): Promise<PromptExample[]> {
  if (!store.verifiedExamples || limit <= 0) return [];
  return (await store.verifiedExamples.fewShotExamples(connectionId, limit)).map((e) => ({ id: e.id, question: e.question, sql: e.sql }));
}
