import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import type { StateStore } from '../ports';
import type { TraceRecorder } from '../trace-recorder';
import { missingDefinitions } from './definition-containment';
import {
  knowledgeFingerprint,
  matchDefinitions,
  withCarriedDefinitions,
  type KnowledgeMatch,
} from './match-definitions';
import { withSemanticMatches, type DefinitionEmbedder } from './semantic-definitions';

/** No definition applies. */
export const NO_KNOWLEDGE: KnowledgeMatch = { definitions: [], uses: [], terms: [] };

/**
 * The `knowledge` step (issue 23; docs/knowledge.md "At question time"): the connection's live business definitions
 * that apply to `question` (matchDefinitions; with `embed`, also those near in meaning, semantic-definitions.ts) and
 * their fingerprint for cache keys (ids and versions). A `knowledge` span is recorded only when the connection has
 * definitions; a store without definitions matches nothing. An embedding failure keeps the lexical match and is noted
 * on the span. The definitions `previousQuestion` (the conversation's latest turn) used are carried
 * (withCarriedDefinitions).
 * @returns the match, or `{ error }` (also recorded on the span) when the store could not read the definitions
 */
export async function loadKnowledge(
  store: StateStore,
  connectionId: string,
  question: string,
  rec: TraceRecorder,
  embed?: { modelId: string; similarities: DefinitionEmbedder } | null,
  previousQuestion?: string,
): Promise<{ match: KnowledgeMatch; key: string } | { error: string }> {
  if (!store.listDefinitions) return { match: NO_KNOWLEDGE, key: '' };
  let live: Awaited<ReturnType<NonNullable<StateStore['listDefinitions']>>>;
  try {
    live = await store.listDefinitions(connectionId);
  } catch (error) {
    const message = `The business definitions of the connection could not be read: ${error instanceof Error ? error.message : String(error)}`;
    rec.start('knowledge').end('error', { error: message });
    return { error: message };
  }
  if (live.length === 0) return { match: NO_KNOWLEDGE, key: '' };
  const span = rec.start('knowledge');
  let match = matchDefinitions(question, live);
  let semantic: { model: string } | { error: string } | null = null;
  if (embed) {
    try {
      match = await withSemanticMatches(question, live, match, embed.similarities);
      semantic = { model: embed.modelId };
    } catch (error) {
      semantic = {
        error: `embeddings unavailable, definitions matched by their words: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  match = withCarriedDefinitions(match, previousQuestion, live);
  span.end('ok', {
    detail: { live: live.length, used: match.uses, matchedBy: match.terms, ...(semantic ? { semantic } : {}) },
  });
  return { match, key: knowledgeFingerprint(match) };
}

/** What the `definitions` check decided about one generated read. */
export type DefinitionsCheck =
  { action: 'pass' } | { action: 'retry'; error: string } | { action: 'refuse'; error: string };

/**
 * The `definitions` check (issue 23 item 3, definition-containment.ts), recorded as a span when a metric or filter
 * matched: on the parsed `sql`, every matched metric's expression with its filter and every matched filter's
 * condition must be present. When one is missing: `retry` with the difference as the correction error when
 * `mayRetry`, else `refuse` naming the definitions: never a number that ignores a definition.
 */
export function checkDefinitions(
  rec: TraceRecorder,
  knowledge: KnowledgeMatch,
  input: { sql: string; dialect: Dialect; schema: DatabaseSchema; attempt: number; mayRetry: boolean },
): DefinitionsCheck {
  if (!knowledge.definitions.some((d) => d.kind === 'metric' || d.kind === 'filter')) return { action: 'pass' };
  const span = rec.start('definitions');
  const missing = missingDefinitions(
    input.sql,
    input.dialect,
    knowledge.definitions,
    input.schema,
    new Set(knowledge.carried ?? []),
  );
  if (missing.length === 0) {
    span.end('ok', { detail: { applied: knowledge.uses.filter((u) => u.kind === 'metric' || u.kind === 'filter') } });
    return { action: 'pass' };
  }
  const difference = missing.map((m) => m.message).join('; ');
  span.end('error', {
    error: difference,
    detail: {
      missing: missing.map(({ id, kind, name, version }) => ({ id, kind, name, version })),
      attempt: input.attempt,
      reprompt: input.mayRetry,
    },
  });
  if (input.mayRetry) return { action: 'retry', error: `${difference}. Apply exactly the business definitions given.` };
  const names = missing.map((m) => `${m.name} (v${m.version})`).join(', ');
  return {
    action: 'refuse',
    error: `The question was not answered: the SQL did not apply the business definition${missing.length === 1 ? '' : 's'} of ${names} (${difference}).`,
  };
}
