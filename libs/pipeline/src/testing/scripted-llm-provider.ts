import type {
  AnswerRequest,
  AnswerResult,
  LlmProvider,
  SqlGenerationRequest,
  SqlGenerationResult,
} from '@nlq/llm-providers';

/** One scripted SQL reply: SQL text, or an Error to throw (e.g. a typed ProviderError). */
export type ScriptedSql = string | Error;

/**
 * An LlmProvider that answers from a script, for tests of the pipeline (the provider is not what such tests are
 * about; provider clients are tested in libs/llm-providers against a scripted HTTP model server).
 * `sql` is a list consumed in order (an exhausted list throws, so a test notices unexpected calls) or a function of
 * the request and the 0-based call number. Answers are `answer(request)` or, by default, a sentence with the row
 * count and the first row. Every request is kept for assertions.
 */
export class ScriptedLlmProvider implements LlmProvider {
  readonly name: string;
  readonly modelId: string;
  readonly sqlRequests: SqlGenerationRequest[] = [];
  readonly answerRequests: AnswerRequest[] = [];

  constructor(
    private readonly script: {
      sql: ScriptedSql[] | ((request: SqlGenerationRequest, call: number) => ScriptedSql);
      answer?: (request: AnswerRequest) => string | Error;
      name?: string;
      modelId?: string;
    },
  ) {
    this.name = script.name ?? 'scripted';
    this.modelId = script.modelId ?? 'scripted:1';
  }

  async generateSql(request: SqlGenerationRequest): Promise<SqlGenerationResult> {
    const call = this.sqlRequests.length;
    this.sqlRequests.push(structuredClone(request));
    let reply: ScriptedSql | undefined;
    if (typeof this.script.sql === 'function') reply = this.script.sql(request, call);
    else reply = this.script.sql[call];
    if (reply === undefined) throw new Error(`ScriptedLlmProvider: no scripted SQL for call ${call + 1}`);
    if (reply instanceof Error) throw reply;
    return {
      sql: reply,
      raw: `\`\`\`sql\n${reply}\n\`\`\``,
      tokens: { prompt: 100 + call, completion: Math.ceil(reply.length / 4) },
    };
  }

  async writeAnswer(request: AnswerRequest): Promise<AnswerResult> {
    this.answerRequests.push(structuredClone(request));
    const reply = this.script.answer
      ? this.script.answer(request)
      : `${request.rowCount} row${request.rowCount === 1 ? '' : 's'}${request.rows.length ? `; first: ${JSON.stringify(request.rows[0])}` : ''}.`;
    if (reply instanceof Error) throw reply;
    return { text: reply, tokens: { prompt: 50, completion: Math.ceil(reply.length / 4) } };
  }

  async ping(): Promise<number> {
    return 0;
  }
}
