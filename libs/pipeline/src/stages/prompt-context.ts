import type { ConversationTurn, DatabaseSchema } from '@nlq/contracts';
import type { SemanticScorer } from '../linking/semantic-scores';
import type { StateStore } from '../ports';
import type { TraceRecorder } from '../trace-recorder';
import { linkingText } from './conversation';
import { EXAMPLE_LIMIT, loadExamples, type PromptExample } from './examples';
import { linkSchema, type LinkedSchema } from './linking';

/** What a provider's SQL prompt is built from: the linked schema and the few-shot examples. */
export interface PromptContext {
  linked: LinkedSchema;
  examples: PromptExample[];
}

/**
 * Pipeline steps 4 and 5 (docs/architecture.md), each recorded as a span: schema linking of the question (preceded
 * by the conversation's newest question, stages/conversation.ts) within `schemaTokenBudget` tokens, fused with
 * semantic table scores when `semantic` is given and lexical linking had to reduce the schema (an embedding failure
 * keeps the lexical result and says so on the span); then the connection's verified examples closest to the question
 * (stages/examples.ts), without those `admits` refuses. Rejects with the state store's error.
 */
export async function preparePromptContext(
  rec: TraceRecorder,
  input: { question: string; conversation: readonly ConversationTurn[]; schema: DatabaseSchema; connectionId: string },
  deps: {
    store: StateStore;
    semantic: SemanticScorer | null;
    schemaTokenBudget: number;
    /** Whether an example's SQL may be shown (a data policy's; absent: every example). */
    admits?: (sql: string) => boolean;
  },
): Promise<PromptContext> {
  const { question, conversation, schema, connectionId } = input;
  let span = rec.start('linking');
  const linkText = linkingText(question, conversation);
  let linked = linkSchema(linkText, schema, deps.schemaTokenBudget);
  let semantic: { model: string } | { error: string } | null = null;
  if (linked.reduced && deps.semantic) {
    try {
      linked = linkSchema(linkText, schema, deps.schemaTokenBudget, {
        semanticScores: await deps.semantic.scores(linkText, schema),
      });
      semantic = { model: deps.semantic.modelId };
    } catch (error) {
      semantic = {
        error: `embeddings unavailable, lexical linking used: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  span.end('ok', {
    detail: {
      linkedTables: linked.linkedTables,
      reduced: linked.reduced,
      estimatedTokens: linked.estimatedTokens,
      totalTables: schema.tables.length,
      ...(semantic ? { semantic } : {}),
    },
  });
  span = rec.start('examples');
  const loaded = await loadExamples(deps.store, connectionId, question, EXAMPLE_LIMIT);
  const examples = deps.admits ? loaded.filter((e) => deps.admits!(e.sql)) : loaded;
  span.end('ok', { detail: { count: examples.length, ids: examples.map((e) => e.id) } });
  return { linked, examples };
}
