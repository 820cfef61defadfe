import {
  OfflineClarificationError,
  OfflineEngine,
  OfflineRefusalError,
  type OfflineEngineOptions,
} from '@nlq/offline-engine';
import { ClarificationNeededError, UnanswerableQuestionError } from './errors';
import type { AnswerRequest, AnswerResult, LlmProvider, SqlGenerationRequest, SqlGenerationResult } from './provider';

/** Construction options of {@link OfflineProvider} (those of the engine); all optional. */
export type OfflineProviderOptions = OfflineEngineOptions;

/**
 * The built-in offline engine (@nlq/offline-engine, docs/architecture.md "The offline engine") as a provider: no
 * model, no network, no tokens. It writes SQL for the questions it can map onto the schema and refuses the others
 * with the reason, as an UnanswerableQuestionError (the pipeline's refusal); a correction attempt is refused too.
 * Answers are worded locally from the rows.
 */
export class OfflineProvider implements LlmProvider {
  readonly name = 'offline';
  readonly modelId = 'offline:1';
  /** Its answers are worded locally from the parsed question, at no cost (see LlmProvider.answersLocally). */
  readonly answersLocally = true;
  private readonly engine: OfflineEngine;

  constructor(options: OfflineProviderOptions = {}) {
    this.engine = new OfflineEngine(options);
  }

  /**
   * SQL for `request.question` in `request.dialect` (lists limited to `request.maxRows`); a verified example that
   * asks the question answers it, and `examplesUsed` names it (else it is empty: the engine reads no few-shot).
   * `answerPlan`: how to word the statement's rows, for writeAnswer (absent for a verified example's SQL).
   * @throws UnanswerableQuestionError when the engine refuses the question, or on a correction attempt;
   *   ClarificationNeededError when the question has readings the engine cannot rank apart.
   */
  async generateSql(request: SqlGenerationRequest): Promise<SqlGenerationResult> {
    try {
      const { sql, exampleId, answerPlan } = await this.engine.generateSql(request);
      return {
        sql,
        raw: sql,
        tokens: null,
        examplesUsed: exampleId ? [exampleId] : [],
        ...(answerPlan ? { answerPlan } : {}),
      };
    } catch (error) {
      if (error instanceof OfflineRefusalError) throw new UnanswerableQuestionError(error.message);
      if (error instanceof OfflineClarificationError) throw new ClarificationNeededError(error.clarification);
      throw error;
    }
  }

  /**
   * A plain sentence from the rows, worded with the `answerPlan` generateSql returned for the statement when the
   * request carries it back (else generic); no tokens are used.
   */
  async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
    return { text: (await this.engine.writeAnswer(request)).text, tokens: null };
  }

  /** Always reachable: resolves with the (near zero) milliseconds of a no-op. */
  async ping(): Promise<number> {
    const start = performance.now();
    return performance.now() - start;
  }
}
