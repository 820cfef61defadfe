import type { KnowledgeDefinition, KnowledgeUse } from '@nlq/contracts';
import { stemmedWords } from '../word-stemmer';

/** The definitions that apply to one question. */
export interface KnowledgeMatch {
  /** Metrics, filters and synonyms whose name or a synonym the question uses, then every instruction; oldest first. */
  definitions: KnowledgeDefinition[];
  /** The same as provenance. */
  uses: KnowledgeUse[];
  /** The matched metrics and filters by the word of the question that matched them (for the trace). */
  terms: Array<{ id: string; name: string; term: string }>;
  /**
   * Ids of the definitions carried from the conversation's previous question (see {@link withCarriedDefinitions}):
   * absent when none.
   */
  carried?: string[];
}

/** Longest instruction text a provenance entry names. */
const INSTRUCTION_NAME_CHARS = 60;

/** The provenance entry of a definition. */
export function definitionUse(d: KnowledgeDefinition): KnowledgeUse {
  const name =
    d.kind === 'instruction'
      ? d.text.length > INSTRUCTION_NAME_CHARS
        ? `${d.text.slice(0, INSTRUCTION_NAME_CHARS - 1)}…`
        : d.text
      : d.kind === 'description'
        ? d.target
        : d.kind === 'relationship'
          ? `${d.from} -> ${d.to}`
          : d.name;
  return { kind: d.kind, id: d.id, name, version: d.version };
}

/** True when the stemmed words of `term` occur, consecutively and in order, among the stemmed words of the question. */
function containsTerm(questionWords: readonly string[], term: string): boolean {
  const words = stemmedWords(term);
  if (words.length === 0) return false;
  for (let i = 0; i + words.length <= questionWords.length; i++) {
    if (words.every((w, j) => questionWords[i + j] === w)) return true;
  }
  return false;
}

/**
 * The live definitions of a connection that apply to `question` (docs/knowledge.md "At question time"): a metric,
 * filter or synonym applies when its name or one of its synonyms occurs in the question, compared word by word after
 * stemming (word-stemmer.ts: `revenues` meets `revenue`, `Active customers` meets `active customer`); every
 * instruction applies. Deleted definitions never apply. Pure.
 */
export function matchDefinitions(question: string, definitions: readonly KnowledgeDefinition[]): KnowledgeMatch {
  const questionWords = stemmedWords(question);
  const matched: KnowledgeDefinition[] = [];
  const terms: KnowledgeMatch['terms'] = [];
  for (const d of definitions) {
    // a description documents its table or column through the schema (withDescriptions), never as a match
    if (d.deleted || d.kind === 'description' || d.kind === 'relationship') continue;
    if (d.kind === 'instruction') {
      matched.push(d);
      continue;
    }
    const term = [d.name, ...(d.synonyms ?? [])].find((t) => containsTerm(questionWords, t));
    if (term === undefined) continue;
    matched.push(d);
    terms.push({ id: d.id, name: d.name, term });
  }
  return { definitions: matched, uses: matched.map(definitionUse), terms };
}

/**
 * Fingerprint of the definitions a question matched for the result-cache key and the near-duplicate scope: their ids
 * and versions, sorted; '' when none matched. A changed (new version), added or deleted definition changes it.
 */
export function knowledgeFingerprint(match: KnowledgeMatch): string {
  return match.uses
    .map((u) => `${u.id}@${u.version}`)
    .sort()
    .join(',');
}

/**
 * The words appended to an answer's reading for the definitions it used (metrics, filters and synonyms):
 * `using the definition of revenue (v2)`, `using the definitions of revenue (v2) and active customer (v1)`; null
 * when none.
 */
export function readingOfDefinitions(uses: readonly KnowledgeUse[]): string | null {
  const named = uses.filter((u) => u.kind !== 'instruction').map((u) => `${u.name} (v${u.version})`);
  if (named.length === 0) return null;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return `using the definition${named.length === 1 ? '' : 's'} of ${list}`;
}

/**
 * A follow-up keeps the meaning of the question it follows ("What was the total revenue in 2024?" then "and in
 * 2023?"): adds to `match` the metrics, filters and synonyms that `previousQuestion` uses (matchDefinitions) and this
 * question does not, as `carried`; their term in `terms` is `(previous question)`. Carried definitions go to the
 * provider like the others; the definitions check holds a carried metric only where the SQL computes its expression
 * (a new question about something else is not refused for it) and leaves a carried filter to the provider.
 */
export function withCarriedDefinitions(
  match: KnowledgeMatch,
  previousQuestion: string | undefined,
  definitions: readonly KnowledgeDefinition[],
): KnowledgeMatch {
  if (!previousQuestion) return match;
  const have = new Set(match.definitions.map((d) => d.id));
  const earlier = matchDefinitions(previousQuestion, definitions).definitions.filter(
    (d): d is NamedDefinition =>
      d.kind !== 'instruction' && d.kind !== 'description' && d.kind !== 'relationship' && !have.has(d.id),
  );
  if (earlier.length === 0) return match;
  return {
    ...withAddedDefinitions(
      match,
      definitions,
      earlier.map((d) => ({ definition: d, term: '(previous question)' })),
    ),
    carried: earlier.map((d) => d.id),
  };
}

/** A metric, filter or synonym: a definition with a name that questions use. */
export type NamedDefinition = Exclude<KnowledgeDefinition, { kind: 'instruction' | 'description' | 'relationship' }>;

/**
 * `match` with the `added` definitions (not already in it), each with the term that matched it, joined in the order
 * of `definitions` (the connection's live definitions, oldest first); other fields of `match` are kept.
 */
export function withAddedDefinitions(
  match: KnowledgeMatch,
  definitions: readonly KnowledgeDefinition[],
  added: ReadonlyArray<{ definition: NamedDefinition; term: string }>,
): KnowledgeMatch {
  const ids = new Set([...match.definitions.map((d) => d.id), ...added.map((a) => a.definition.id)]);
  const ordered = definitions.filter((d) => ids.has(d.id));
  return {
    ...match,
    definitions: ordered,
    uses: ordered.map(definitionUse),
    terms: [
      ...match.terms,
      ...added.map(({ definition, term }) => ({ id: definition.id, name: definition.name, term })),
    ],
  };
}
