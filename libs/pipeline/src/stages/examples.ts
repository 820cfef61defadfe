import type { FewShotExample } from '@nlq/llm-providers';
import type { StateStore } from '../ports';

/** Few-shot examples a prompt carries at most. */
export const EXAMPLE_LIMIT = 3;

/**
 * Pipeline step 5 (docs/architecture.md): positively rated earlier question/SQL pairs of this connection, newest first, at
 * most `limit` (3). Rejects with the store's error.
 */
export function loadExamples(store: StateStore, connectionId: string, limit = EXAMPLE_LIMIT): Promise<FewShotExample[]> {
  return store.listPositiveExamples(connectionId, limit);
}
