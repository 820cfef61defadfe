import { streamAnswerReply, type ChatStreamPart } from './answer-stream';
import type { ProviderError } from './errors';
import { buildAnswerPrompt, buildSqlPrompt, interpretAnswerReply, interpretSqlReply, type ChatPrompt } from './prompt';
import type {
  AnswerRequest,
  AnswerResult,
  AnswerStream,
  LlmProvider,
  SqlGenerationRequest,
  SqlGenerationResult,
  TokenUsage,
} from './provider';
import { DEFAULT_MAX_RETRIES, trimTrailingSlash, type ModelProviderOptions } from './provider-options';

/** A provider's defaults for the options left out: model name, base URL, per-request timeout (ms). */
export interface ChatProviderDefaults {
  model: string;
  baseURL: string;
  timeoutMs: number;
}

/** One chat reply: the model's text and its token usage (null when the server reports none). */
export interface ChatReply {
  text: string;
  tokens: TokenUsage | null;
}

/**
 * What the model-backed providers (Ollama, OpenAI-compatible, Anthropic) share: resolving ModelProviderOptions
 * (model and baseURL default per provider, baseURL without trailing slash, empty apiKey = none, maxRetries 2,
 * temperature 0 unless given, null = server default), SQL generation and answer writing as one chat round each
 * (buildSqlPrompt/interpretSqlReply, buildAnswerPrompt/interpretAnswerReply), the answer also streamed
 * (streamAnswer over the SDK's own streaming), and ping() timed around the cheapest authenticated call. Subclasses
 * implement the chat round, its streamed form, the model listing, their label and the mapping of client errors to
 * the typed provider errors.
 */
export abstract class ChatProviderBase implements LlmProvider {
  abstract readonly name: string;
  /** `<prefix>:<model>`, e.g. `openai:gpt-4o-mini`. */
  readonly modelId: string;
  readonly model: string;
  readonly baseURL: string;
  protected readonly apiKey?: string;
  protected readonly timeoutMs: number;
  protected readonly maxRetries: number;
  protected readonly temperature: number | null;

  /** `idPrefix` starts modelId; `defaults` fill the options left out (falsy model/baseURL count as left out). */
  protected constructor(idPrefix: string, options: ModelProviderOptions, defaults: ChatProviderDefaults) {
    this.model = options.model || defaults.model;
    this.modelId = `${idPrefix}:${this.model}`;
    this.baseURL = trimTrailingSlash(options.baseURL || defaults.baseURL);
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.temperature = options.temperature === undefined ? 0 : options.temperature;
  }

  /** Writes SQL for the request (see buildSqlPrompt). @throws UnanswerableQuestionError on CANNOT_ANSWER, ClarificationNeededError on CLARIFY. */
  async generateSql(request: SqlGenerationRequest): Promise<SqlGenerationResult> {
    const { text, tokens } = await this.chat(buildSqlPrompt(request));
    return interpretSqlReply(text, tokens, request.question);
  }

  /** Writes the plain-words answer for bounded result rows (see buildAnswerPrompt). */
  async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
    const { text, tokens } = await this.chat(buildAnswerPrompt(request));
    return interpretAnswerReply(text, tokens, this.label());
  }

  /**
   * writeAnswer streamed: the same prompt sent with the protocol's streaming, pieces of the answer yielded as they
   * arrive with reasoning blocks held back (answer-stream.ts streamAnswerReply). Typed provider errors are thrown
   * while iterating, also after some text was yielded.
   */
  streamAnswer(request: AnswerRequest): AnswerStream {
    return streamAnswerReply(
      this.mappedStream(() => this.chatStream(buildAnswerPrompt(request))),
      this.label(),
    );
  }

  /** Lists models (see listModels); resolves with the round trip in whole milliseconds. @throws ProviderError */
  async ping(): Promise<number> {
    const started = performance.now();
    await this.mapped(() => this.listModels());
    return Math.round(performance.now() - started);
  }

  /** Runs one client call, rejecting with mapError's typed provider error when it fails. */
  protected async mapped<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.mapError(error);
    }
  }

  /** Iterates a client's stream, rethrowing its failures (when opening or mid-stream) as mapError's typed errors. */
  protected async *mappedStream<T>(open: () => AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
    try {
      yield* open();
    } catch (error) {
      throw this.mapError(error);
    }
  }

  /**
   * One chat round streamed: the reply's raw text pieces in order, then (when the server reports it) the usage.
   * Failures may be the client's own errors: callers map them through mappedStream.
   */
  protected abstract chatStream(prompt: ChatPrompt): AsyncIterable<ChatStreamPart>;

  /** One chat round: system and user prompt -> reply text and usage. Rejects with typed provider errors. */
  protected abstract chat(prompt: ChatPrompt): Promise<ChatReply>;

  /** The cheapest authenticated call of the server's API (a model listing), for ping(). */
  protected abstract listModels(): Promise<unknown>;

  /** The provider and base URL for messages, e.g. `Ollama at http://127.0.0.1:11434`. */
  protected abstract label(): string;

  /** Maps a client error to the typed provider errors (a ProviderError passes through). */
  protected abstract mapError(error: unknown): ProviderError;
}
