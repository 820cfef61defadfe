import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { renderSchema as renderPromptSchema } from '@nlq/llm-providers';
import { packTables } from '../linking/budget-packing';
import { LinkingIndex } from '../linking/linking-index';
import { questionTerms } from '../linking/linking-terms';
import { fuseScores } from '../linking/score-fusion';
import { qualifiedTableName } from '../linking/table-identity';
import { rankTables } from '../linking/table-ranking';

/** Characters per token used for prompt budgets (a common rule of thumb for English text and SQL). */
export const CHARS_PER_TOKEN = 4;

/** The schema text exactly as the SQL prompt carries it (renderSchema of @nlq/llm-providers). */
export function renderSchema(schema: DatabaseSchema): string {
  return renderPromptSchema(schema);
}

/** Approximate tokens of a text: ceil(characters / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Optional inputs of linkSchema. */
export interface LinkOptions {
  /**
   * Semantic similarity of each table to the question (table position in `schema.tables` -> cosine), e.g. from
   * SemanticScorer with the provider's embeddings; fused with the lexical scores (score-fusion.ts).
   */
  semanticScores?: ReadonlyMap<number, number>;
}

/** What schema linking kept. */
export interface LinkedSchema {
  /**
   * The schema for the prompt: the kept tables in catalog order. A kept table may carry `promptColumns` /
   * `promptValueColumns` (PromptTableSchema of @nlq/llm-providers) telling the prompt which columns and values to
   * show; its `columns` stay complete.
   */
  schema: DatabaseSchema;
  /** Kept tables as `schema.name` (bare name in the default schema), in catalog order. */
  linkedTables: string[];
  /** True when tables, columns or values were left out to stay within the budget. */
  reduced: boolean;
  /** Estimated tokens of the kept schema as the prompt renders it. */
  estimatedTokens: number;
}

/**
 * Pipeline step 4 (docs/architecture.md): keep the prompt's schema within `budgetTokens` (CHARS_PER_TOKEN characters a token
 * of the text renderSchema produces). The one entry point of schema linking; any catalog can be measured with it
 * (`npm run bench:linking`).
 *
 * When the whole schema fits it passes unchanged. Otherwise:
 * - retrieval (linking-index.ts): BM25 over one document a table (name parts, namespace, column names, comments,
 *   sample values) with lemmas and synonyms (linking-terms.ts), built once per schema object and cached;
 * - ranking (table-ranking.ts): a table's own score, its best foreign-key neighbour's, its namespace's and its
 *   foreign-key cluster's, so a question about one area pulls that area in;
 * - packing (budget-packing.ts): the best tables in compact form (key columns and the columns the question
 *   touches, the rest counted), joined by shortest foreign-key paths, then full columns for the best, then more
 *   tables (compact-table.ts). At least one table is always kept.
 * With `options.semanticScores` (embeddings), they are fused with the lexical scores before ranking.
 * Tables are identified by schema and name throughout (table-identity.ts). Never throws for a well-formed schema.
 */
export function linkSchema(
  question: string,
  schema: DatabaseSchema,
  budgetTokens: number,
  options: LinkOptions = {},
): LinkedSchema {
  const index = LinkingIndex.of(schema);
  const fullTokens = Math.ceil(index.fullChars / CHARS_PER_TOKEN);
  if (fullTokens <= budgetTokens) {
    return { schema, linkedTables: schema.tables.map(qualifiedTableName), reduced: false, estimatedTokens: fullTokens };
  }
  const terms = questionTerms(question);
  const ranked = rankTables(index, fuseScores(index.scores(terms), options.semanticScores));
  const kept = packTables(index, ranked, terms, budgetTokens * CHARS_PER_TOKEN);
  const positions = [...kept.keys()].sort((a, b) => a - b);
  const tables: TableSchema[] = positions.map((p) => kept.get(p)!.table);
  const chars = positions.reduce((s, p) => s + kept.get(p)!.chars, 0);
  return {
    schema: { ...schema, tables },
    linkedTables: tables.map(qualifiedTableName),
    reduced: true,
    estimatedTokens: Math.ceil(Math.max(0, chars - 2) / CHARS_PER_TOKEN),
  };
}
