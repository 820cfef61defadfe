import { descriptionsOf, type SchemaDefinition } from './schema-descriptions';
import type { DatabaseSchema, Dialect, KnowledgeDefinition } from '@nlq/contracts';
import type { StateStore } from '../ports';
import type { TraceRecorder } from '../trace-recorder';
import { definitionsInSql, missingDefinitions } from './definition-containment';
import {
  definitionUse,
  knowledgeFingerprint,
  matchDefinitions,
  withCarriedDefinitions,
  type KnowledgeMatch,
} from './match-definitions';
import { renderDefinitions } from './rendered-definitions';
import { withSemanticMatches, type DefinitionEmbedder } from './semantic-definitions';

/** No definition applies. */
export const NO_KNOWLEDGE: KnowledgeMatch = { definitions: [], uses: [], terms: [] };

/**
 * The `knowledge` step (docs/knowledge.md "At question time"): the connection's live business definitions
 * that apply to `question` (matchDefinitions; with `embed`, also those near in meaning, semantic-definitions.ts) and
 * their fingerprint for cache keys (ids and versions). A `knowledge` span is recorded only when the connection has
 * definitions; a store without definitions matches nothing. An embedding failure keeps the lexical match and is noted
 * on the span. The definitions `previousQuestion` (the conversation's latest turn) used are carried
 * (withCarriedDefinitions). The SQL parts of the definitions are written from their parse tree in `dialect`
 * (rendered-definitions.ts); a matched definition whose stored text is refused now (a comment saved before the check)
 * is never used: the question is refused naming it.
 * @returns the match, or `{ error }` (also recorded on the span) when the store could not read the definitions or a
 *   matched definition cannot be used
 */
export async function loadKnowledge(
  store: StateStore,
  connectionId: string,
  dialect: Dialect,
  question: string,
  rec: TraceRecorder,
  embed?: { modelId: string; similarities: DefinitionEmbedder } | null,
  previousQuestion?: string,
): Promise<{ match: KnowledgeMatch; key: string; descriptions: SchemaDefinition[] } | { error: string }> {
  if (!store.listDefinitions) return { match: NO_KNOWLEDGE, key: '', descriptions: [] };
  let stored: KnowledgeDefinition[];
  try {
    stored = await store.listDefinitions(connectionId);
  } catch (error) {
    const message = `The business definitions of the connection could not be read: ${error instanceof Error ? error.message : String(error)}`;
    rec.start('knowledge').end('error', { error: message });
    return { error: message };
  }
  if (stored.length === 0) return { match: NO_KNOWLEDGE, key: '', descriptions: [] };
  const descriptions = descriptionsOf(stored);
  const span = rec.start('knowledge');
  const { definitions: live, unusable } = renderDefinitions(stored, dialect);
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
  const broken = match.definitions.filter((d) => unusable.has(d.id));
  if (broken.length > 0) {
    const error = `The question was not answered: the business definition${broken.length === 1 ? '' : 's'} ${broken
      .map((d) => `${definitionUse(d).name} (v${d.version}, ${unusable.get(d.id)})`)
      .join(
        ', ',
      )} cannot be used; correct ${broken.length === 1 ? 'it' : 'them'} (PATCH /api/knowledge/definitions/{id}).`;
    span.end('error', { error, detail: { live: live.length, used: match.uses } });
    return { error };
  }
  span.end('ok', {
    detail: { live: live.length, used: match.uses, matchedBy: match.terms, ...(semantic ? { semantic } : {}) },
  });
  // a changed description changes the schema the question is answered with, so it is part of the key too
  const described = descriptions.map((d) => `${d.id}:${d.version}`).join(',');
  return { match, key: knowledgeFingerprint(match) + (described ? `|d:${described}` : ''), descriptions };
}

/** What the `definitions` check decided about one generated read. */
export type DefinitionsCheck =
  | { action: 'pass'; knowledge: KnowledgeMatch }
  | { action: 'retry'; error: string }
  | { action: 'refuse'; error: string };

/**
 * The `definitions` check (definition-containment.ts), recorded as a span when a metric or filter
 * matched: on the parsed `sql`, every matched metric's expression with its filter and every matched filter's
 * condition must be present. When one is missing: `retry` with the difference as the correction error when
 * `mayRetry`, else `refuse` naming the definitions: never a number that ignores a definition. On `pass`, the match
 * with its provenance (`uses`) narrowed to what the SQL holds ({@link provenOnly}).
 */
export function checkDefinitions(
  rec: TraceRecorder,
  knowledge: KnowledgeMatch,
  input: { sql: string; dialect: Dialect; schema: DatabaseSchema; attempt: number; mayRetry: boolean },
): DefinitionsCheck {
  if (!knowledge.definitions.some((d) => d.kind === 'metric' || d.kind === 'filter'))
    return { action: 'pass', knowledge: provenOnly(knowledge, new Set()) };
  const span = rec.start('definitions');
  const missing = missingDefinitions(
    input.sql,
    input.dialect,
    knowledge.definitions,
    input.schema,
    new Set(knowledge.carried ?? []),
  );
  if (missing.length === 0) {
    const proven = provenOnly(
      knowledge,
      definitionsInSql(input.sql, input.dialect, knowledge.definitions, input.schema),
    );
    span.end('ok', { detail: { applied: proven.uses.filter((u) => u.kind === 'metric' || u.kind === 'filter') } });
    return { action: 'pass', knowledge: proven };
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

/**
 * `knowledge` with its provenance (`uses`) limited to what the answer's SQL shows (docs/knowledge.md "At question
 * time", provenance): a metric or filter only when its id is in `applied` (definitionsInSql), a synonym only when the
 * question itself used it (a carried one is not claimed), every instruction. `definitions` stays whole for retries.
 */
export function provenOnly(knowledge: KnowledgeMatch, applied: ReadonlySet<string>): KnowledgeMatch {
  const carried = new Set(knowledge.carried ?? []);
  const uses = knowledge.definitions
    .filter((d) =>
      d.kind === 'metric' || d.kind === 'filter' ? applied.has(d.id) : d.kind === 'synonym' ? !carried.has(d.id) : true,
    )
    .map(definitionUse);
  return { ...knowledge, uses };
}
