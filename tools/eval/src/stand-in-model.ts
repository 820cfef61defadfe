/**
 * A local stand-in for a real model, for the `oracle` and `replay` evaluation modes: the scripted
 * OpenAI-protocol server of @nlq/llm-providers (real HTTP, the real OpenAI client) serves whatever SQL the runner
 * sets for the current question, written in one of the four reply styles real models use.
 */
import { createProvider, type LlmProvider } from '@nlq/llm-providers';
import {
  startScriptedModelServer,
  type ScriptedChatRequest,
  type ScriptedModelServer,
} from '@nlq/llm-providers/testing';

/** The four reply styles of real models, served in rotation: fenced, bare, chatty, <think>-prefixed. */
export const REPLY_STYLES = ['fenced', 'bare', 'chatty', 'think'] as const;
export type ReplyStyle = (typeof REPLY_STYLES)[number];

/**
 * The assistant text for `sql` in a style: `fenced` a ```sql block alone; `bare` the SQL alone; `chatty` a
 * sentence, the SQL in a fenced block, and an explanation after it; `think` a reasoning block and then the bare SQL
 * (DeepSeek-R1 / Qwen3 style).
 */
export function styleReply(sql: string, style: ReplyStyle): string {
  const body = sql.trim();
  switch (style) {
    case 'fenced':
      return `\`\`\`sql\n${body}\n\`\`\``;
    case 'bare':
      return body;
    case 'chatty':
      return `Sure! Here is a query that answers your question:\n\n\`\`\`sql\n${body}\n\`\`\`\n\nIt reads the tables named in the schema and returns the rows you asked for. Let me know if you need anything else.`;
    case 'think':
      return `<think>\nThe user wants an answer from the schema above. I should find the right tables and columns, then write one statement.\n</think>\n\n${body}`;
  }
}

/** True for an answer-wording request (its prompt carries the query result), false for a SQL-writing request. */
export function isAnswerRequest(request: Pick<ScriptedChatRequest, 'user'>): boolean {
  return /^Result:/m.test(request.user);
}

/** A running stand-in model: point a pipeline at `provider`, set the reply with `serve` before each question. */
export interface StandInModel {
  provider: LlmProvider;
  server: ScriptedModelServer;
  /** The SQL (and its reply style) every SQL-writing request gets until the next call. */
  serve(sql: string, style: ReplyStyle): void;
  /** SQL-writing requests received since the last `serve`. */
  readonly sqlCalls: number;
  /** Answer-wording requests received since the last `serve`. */
  readonly answerCalls: number;
  close(): Promise<void>;
}

/**
 * Starts the stand-in (127.0.0.1, random port) and an OpenAI provider for it (no client retries, so every
 * request is counted once). A SQL-writing request with nothing served gets `CANNOT_ANSWER: nothing served`; an
 * answer request gets a fixed sentence.
 */
export async function startStandInModel(): Promise<StandInModel> {
  let current: { sql: string; style: ReplyStyle } | null = null;
  let sqlCalls = 0;
  let answerCalls = 0;
  const server = await startScriptedModelServer({
    protocol: 'openai',
    models: ['stand-in'],
    reply: (request) => {
      if (isAnswerRequest(request)) {
        answerCalls++;
        return 'The result is in the rows shown.';
      }
      sqlCalls++;
      return current ? styleReply(current.sql, current.style) : 'CANNOT_ANSWER: nothing served';
    },
  });
  const provider = createProvider({
    provider: 'openai',
    baseUrl: server.url,
    model: 'stand-in',
    apiKey: 'stand-in',
    maxRetries: 0,
  });
  return {
    provider,
    server,
    serve(sql, style) {
      current = { sql, style };
      sqlCalls = 0;
      answerCalls = 0;
    },
    get sqlCalls() {
      return sqlCalls;
    },
    get answerCalls() {
      return answerCalls;
    },
    close: () => server.close(),
  };
}
