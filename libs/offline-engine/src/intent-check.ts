import type { QueryIntent } from './query-intent';
import type { SchemaLexicon } from './schema-lexicon';

/** placeholder */
export function checkIntent<I extends QueryIntent>(intent: I, _lexicon: SchemaLexicon): I {
  return intent;
}
