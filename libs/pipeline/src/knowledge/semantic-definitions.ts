import type { KnowledgeDefinition } from '@nlq/contracts';
import { withAddedDefinitions, type KnowledgeMatch, type NamedDefinition } from './match-definitions';

/**
 * Least cosine similarity between the question's embedding and a definition's for the definition to apply by
 * meaning alone. Set high on purpose (precision first): a wrongly applied metric would change the number, so a
 * definition whose words the question does not use applies only when the embedding model finds them near-synonymous.
 */
export const DEFINITION_SIMILARITY = 0.8;

/** Embeds a question against documents: one similarity (-1..1) per document (SemanticScorer.similarities). */
export type DefinitionEmbedder = (question: string, documents: string[]) => Promise<number[]>;

/** The text embedded for a definition: its name, synonyms and description (`revenue (sales): money from orders ...`). */
export function definitionEmbeddingText(d: NamedDefinition): string {
  const synonyms = d.synonyms?.length ? ` (${d.synonyms.join(', ')})` : '';
  const description = d.kind === 'synonym' ? '' : d.description ? `: ${d.description}` : '';
  return `${d.name}${synonyms}${description}`;
}

/**
 * Embeddings when configured (docs/knowledge.md "At question time"): adds to a lexical `match` the metrics, filters and synonyms that
 * did not match by words but whose embedding is at least {@link DEFINITION_SIMILARITY} similar to the question's, in
 * the order of `definitions`; their term in `terms` is `~0.86` (the similarity). Unchanged when none qualifies.
 * @throws the embedder's error (the caller keeps the lexical match)
 */
export async function withSemanticMatches(
  question: string,
  definitions: readonly KnowledgeDefinition[],
  match: KnowledgeMatch,
  embed: DefinitionEmbedder,
): Promise<KnowledgeMatch> {
  const matched = new Set(match.definitions.map((d) => d.id));
  const candidates = definitions.filter(
    (d): d is NamedDefinition =>
      !d.deleted &&
      d.kind !== 'instruction' &&
      d.kind !== 'description' &&
      d.kind !== 'relationship' &&
      !matched.has(d.id),
  );
  if (candidates.length === 0) return match;
  const scores = await embed(question, candidates.map(definitionEmbeddingText));
  const near = candidates
    .map((definition, i) => ({ definition, score: scores[i] ?? 0 }))
    .filter((c) => c.score >= DEFINITION_SIMILARITY);
  return near.length === 0
    ? match
    : withAddedDefinitions(
        match,
        definitions,
        near.map(({ definition, score }) => ({ definition, term: `~${score.toFixed(2)}` })),
      );
}
