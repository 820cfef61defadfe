import type {
  AnswerRequest as ResultRows,
  ConversationTurn,
  DatabaseSchema,
  Dialect,
  KnowledgeDefinition,
} from '@nlq/contracts';

export type { ConversationTurn } from '@nlq/contracts';

/**
 * The rows of an executed statement to be worded (question, SQL, columns, rows, counts), with the `answerPlan` the
 * provider's generateSql returned for that statement, passed back unchanged (absent for SQL from the cache, a reused
 * statement or another provider).
 */
export type AnswerRequest = ResultRows & { answerPlan?: unknown };

/** A question/SQL pair used as a few-shot example: a verified example of the connection. */
export interface FewShotExample {
  /** The verified example's id, when it has one (provenance: SqlGenerationResult.examplesUsed). */
  id?: string;
  question: string;
  sql: string;
}

/** Everything a provider needs to write one SQL statement. */
export interface SqlGenerationRequest {
  question: string;
  dialect: Dialect;
  /** The linked (possibly reduced) schema: only the tables/columns schema linking kept. */
  schema: DatabaseSchema;
  examples: FewShotExample[];
  /** Set on a self-correction attempt: the previous SQL and the database's or checker's error text. */
  previousAttempt?: { sql: string; error: string } | null;
  /** Maximum rows the caller will fetch; providers may use it in a LIMIT. */
  maxRows: number;
  /** The session's recent answered turns, oldest first (empty or absent for a first question). */
  conversation?: ConversationTurn[];
  /**
   * The connection's business definitions that apply to this question (docs/knowledge.md): the metrics,
   * filters and synonyms whose name or synonyms the question uses, and every instruction. A provider must follow them.
   */
  knowledge?: readonly KnowledgeDefinition[];
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}

export interface SqlGenerationResult {
  /** The extracted SQL (one statement, no fences). Empty string when the model said it cannot answer. */
  sql: string;
  /** The raw model text, for traces. */
  raw: string;
  tokens?: TokenUsage | null;
  /**
   * Ids of the request's examples the SQL was written with (provenance). Absent: every example of
   * the request was in the prompt (a model); the offline engine names the one verified example it matched, or none.
   */
  examplesUsed?: string[];
  /**
   * Data for wording the answer to this statement, opaque to the caller, which hands it back unchanged in
   * AnswerRequest.answerPlan with the statement's rows: the offline engine's plan of the answer. Models return none.
   */
  answerPlan?: unknown;
}

export interface AnswerResult {
  text: string;
  tokens?: TokenUsage | null;
}

/**
 * A streamed answer (an async iterator, as ollama-js streams): yields pieces of the answer text as the model writes
 * them (reasoning blocks held back) and returns the AnswerResult, whose text is the concatenation of the pieces.
 * Consume with `for await` for the text alone, or collectAnswerStream for the pieces and the result.
 */
export type AnswerStream = AsyncGenerator<string, AnswerResult, undefined>;

/**
 * A language-model provider (or the built-in offline engine). Implementations throw the typed errors of
 * errors.ts: ProviderConnectionError, ProviderTimeoutError, ProviderRateLimitError, ProviderResponseError,
 * and UnanswerableQuestionError when the question cannot be turned into SQL.
 */
export interface LlmProvider {
  /** offline | ollama | openai | anthropic */
  readonly name: string;
  /** Model id and version used in cache keys and traces, e.g. `openai:gpt-4o-mini` or `offline:1`. */
  readonly modelId: string;
  /**
   * True when writeAnswer runs locally at no cost (the offline engine): with ANSWER_MODE auto the pipeline lets such
   * a provider word every answer instead of using its templates.
   */
  readonly answersLocally?: boolean;
  generateSql(request: SqlGenerationRequest): Promise<SqlGenerationResult>;
  writeAnswer(request: AnswerRequest): Promise<AnswerResult>;
  /**
   * Optional: writeAnswer with the text streamed as the model writes it (the SDK's own streaming). Same request,
   * same result and the same typed errors, thrown when iterating (also after some text was yielded). Providers that
   * answer locally (the offline engine) need not have it.
   */
  streamAnswer?(request: AnswerRequest): AnswerStream;
  /** Cheap reachability check; resolves with round-trip milliseconds. */
  ping(): Promise<number>;
}
