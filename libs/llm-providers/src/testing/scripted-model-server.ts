/**
 * A real HTTP server (node:http on 127.0.0.1, random port) that speaks a model provider's wire protocol with
 * scripted replies, so tests, end-to-end tests and the benchmark exercise the real client libraries over real HTTP
 * without a language model (none can run on the development machines; STACK-NOTES.md). Dependency-free.
 *
 * Endpoints by protocol (paths as the providers document them), each chat endpoint also streaming in the protocol's
 * own format when the request asks for it:
 * - openai:    POST /v1/chat/completions, GET /v1/models (also without the /v1 prefix); `stream: true` answers
 *              server-sent `chat.completion.chunk` events ending with `data: [DONE]` (usage in a last chunk with
 *              empty choices when `stream_options.include_usage`)
 * - ollama:    POST /api/chat (non-streaming, or NDJSON when `stream` is not false: one line a piece, then the
 *              `done: true` line with the counts), GET /api/tags
 * - anthropic: POST /v1/messages, GET /v1/models; `stream: true` answers the server-sent events message_start,
 *              content_block_start, ping, content_block_delta (text_delta) per piece, content_block_stop,
 *              message_delta, message_stop
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which provider's wire protocol the server speaks. */
export type ScriptedProtocol = 'openai' | 'ollama' | 'anthropic';

/** What the script sees of one chat request: the joined system text, the last user message and the parsed body. */
export interface ScriptedChatRequest {
  system: string;
  user: string;
  body: unknown;
}

/**
 * A reply in exactly these pieces: a streaming request gets one protocol event a piece, written as each piece is
 * available (an async iterable lets a test release pieces one by one); a non-streaming request gets them joined.
 * `error` ends a stream with an in-stream error in the protocol's shape (OpenAI `data: {"error":...}`, Anthropic
 * `event: error` with an overloaded_error, Ollama `{"error":...}` line) instead of its normal end.
 */
export interface ScriptedStream {
  chunks: string[] | AsyncIterable<string>;
  error?: string;
}

/**
 * A scripted reply: a string is the assistant's text (HTTP 200 in the protocol's success shape; streamed word by
 * word to a streaming request); a ScriptedStream gives the streamed pieces; any other object is a raw HTTP answer.
 * Without `body`, an error body in the protocol's own shape is generated for `status`. `headers` are added to the
 * answer (e.g. `retry-after-ms`).
 */
export type ScriptedReply =
  string | ScriptedStream | { status: number; body?: unknown; headers?: Record<string, string> };

/** Options of startScriptedModelServer. */
export interface ScriptedModelServerOptions {
  protocol: ScriptedProtocol;
  reply: (request: ScriptedChatRequest) => ScriptedReply | Promise<ScriptedReply>;
  /** Wait this many milliseconds before answering any request (to provoke client timeouts). Default 0. */
  delayMs?: number;
  /** Model names listed by GET /v1/models or /api/tags. Default ['scripted-model']. */
  models?: string[];
}

/** One request the server received, in arrival order. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

/** A running scripted server. */
export interface ScriptedModelServer {
  /**
   * The base URL to give the provider: `http://127.0.0.1:<port>/v1` for openai (the OpenAI SDK's baseURL includes
   * /v1), `http://127.0.0.1:<port>` for ollama and anthropic.
   */
  url: string;
  /** Every request received (chat and model listing), in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Rough token count (about four characters a token), so usage fields are realistic and grow with the text. */
function estimateTokens(text: string): number {
  return text ? Math.max(1, Math.ceil(text.length / 4)) : 0;
}

/** Text of an OpenAI/Anthropic message `content`: a string or an array of `{type:'text', text}` parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  }
  return '';
}

interface ChatMessage {
  role?: string;
  content?: unknown;
}

/** Splits a chat body into system text and last user message for the script. */
function chatParts(protocol: ScriptedProtocol, body: Record<string, unknown>): { system: string; user: string } {
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  const systemTexts = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => contentText(m.content));
  if (protocol === 'anthropic' && body.system !== undefined) systemTexts.unshift(contentText(body.system));
  const users = messages.filter((m) => m.role === 'user');
  return { system: systemTexts.join('\n'), user: contentText(users[users.length - 1]?.content) };
}

/** An error body in the protocol's own shape (what the real servers send). */
function errorBody(protocol: ScriptedProtocol, status: number, message: string): unknown {
  if (protocol === 'ollama') return { error: message };
  if (protocol === 'anthropic') {
    const type =
      status === 400
        ? 'invalid_request_error'
        : status === 401
          ? 'authentication_error'
          : status === 403
            ? 'permission_error'
            : status === 404
              ? 'not_found_error'
              : status === 429
                ? 'rate_limit_error'
                : status === 529
                  ? 'overloaded_error'
                  : 'api_error';
    return { type: 'error', error: { type, message } };
  }
  const type =
    status === 429
      ? 'rate_limit_exceeded'
      : status === 401
        ? 'invalid_api_key'
        : status >= 500
          ? 'server_error'
          : 'invalid_request_error';
  return { error: { message, type, param: null, code: type } };
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Invalid API key',
  403: 'Permission denied',
  404: 'Model not found',
  408: 'Request timeout',
  409: 'Conflict',
  429: 'Rate limit exceeded',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  529: 'Overloaded',
};

function successBody(
  protocol: ScriptedProtocol,
  model: string,
  promptText: string,
  text: string,
  created: number,
): unknown {
  const promptTokens = estimateTokens(promptText);
  const completionTokens = estimateTokens(text);
  if (protocol === 'openai') {
    return {
      id: `chatcmpl-scripted-${created}`,
      object: 'chat.completion',
      created: Math.floor(created / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_scripted',
    };
  }
  if (protocol === 'anthropic') {
    return {
      id: `msg_scripted_${created}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: promptTokens,
        output_tokens: completionTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  }
  return {
    model,
    created_at: new Date(created).toISOString(),
    message: { role: 'assistant', content: text },
    done: true,
    done_reason: 'stop',
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: promptTokens,
    prompt_eval_duration: 400_000,
    eval_count: completionTokens,
    eval_duration: 500_000,
  };
}

function modelsBody(protocol: ScriptedProtocol, models: string[]): unknown {
  const created = new Date('2025-01-01T00:00:00Z');
  if (protocol === 'openai') {
    return {
      object: 'list',
      data: models.map((id) => ({
        id,
        object: 'model',
        created: Math.floor(created.getTime() / 1000),
        owned_by: 'scripted',
      })),
    };
  }
  if (protocol === 'anthropic') {
    return {
      data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: created.toISOString() })),
      has_more: false,
      first_id: models[0] ?? null,
      last_id: models[models.length - 1] ?? null,
    };
  }
  return {
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: created.toISOString(),
      size: 4_683_087_332,
      digest: 'sha256:scripted',
      details: {
        parent_model: '',
        format: 'gguf',
        family: 'scripted',
        families: ['scripted'],
        parameter_size: '7B',
        quantization_level: 'Q4_K_M',
      },
    })),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** One server-sent event (WHATWG HTML "server-sent events": optional `event:` line, `data:` line, blank line). */
function sse(event: string | null, data: unknown): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** What the events of one streamed reply are written with. */
interface ReplyStream {
  res: ServerResponse;
  protocol: ScriptedProtocol;
  model: string;
  /** The non-streamed success body of an empty reply: the fields the stream's events repeat. */
  final: Record<string, unknown>;
  promptTokens: number;
  /** The fields every OpenAI `chat.completion.chunk` event carries. */
  openaiBase: Record<string, unknown>;
  /** Writes text unless the client went away or the answer ended. */
  write: (text: string) => void;
}

/**
 * Writes a streamed reply in the protocol's streaming format, one write a piece (so the client sees each piece as
 * it is released), ending normally or with the ScriptedStream's in-stream error. Stops when the client goes away.
 */
async function streamReply(
  res: ServerResponse,
  protocol: ScriptedProtocol,
  model: string,
  promptText: string,
  reply: ScriptedStream,
  includeUsage: boolean,
): Promise<void> {
  const created = Date.now();
  const s: ReplyStream = {
    res,
    protocol,
    model,
    final: successBody(protocol, model, promptText, '', created) as Record<string, unknown>,
    promptTokens: estimateTokens(promptText),
    openaiBase: {
      id: `chatcmpl-scripted-${created}`,
      object: 'chat.completion.chunk',
      created: Math.floor(created / 1000),
      model,
      system_fingerprint: 'fp_scripted',
    },
    write: (text) => {
      if (!res.destroyed && !res.writableEnded) res.write(text);
    },
  };
  streamOpening(s);
  let text = '';
  for await (const piece of reply.chunks) {
    if (res.destroyed) return;
    text += piece;
    streamPiece(s, piece);
  }
  if (reply.error !== undefined) streamError(s, reply.error);
  else streamClosing(s, estimateTokens(text), includeUsage);
  res.end();
}

/**
 * The head of a streamed answer (NDJSON for Ollama, server-sent events otherwise) and the protocol's opening
 * events: OpenAI's assistant role chunk; Anthropic's message_start, content_block_start and ping.
 */
function streamOpening({ res, protocol, final, promptTokens, openaiBase, write }: ReplyStream): void {
  res.writeHead(
    200,
    protocol === 'ollama'
      ? { 'content-type': 'application/x-ndjson' }
      : { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
  );
  if (protocol === 'openai') {
    write(
      sse(null, {
        ...openaiBase,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
      }),
    );
  } else if (protocol === 'anthropic') {
    const message = {
      ...final,
      content: [],
      stop_reason: null,
      usage: { input_tokens: promptTokens, output_tokens: 1 },
    };
    write(sse('message_start', { type: 'message_start', message }));
    write(
      sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    );
    write(sse('ping', { type: 'ping' }));
  }
}

/** One piece of the reply as the protocol streams it: a chunk delta, a text_delta, or an NDJSON message line. */
function streamPiece({ protocol, model, final, openaiBase, write }: ReplyStream, piece: string): void {
  if (protocol === 'openai')
    write(
      sse(null, {
        ...openaiBase,
        choices: [{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }],
      }),
    );
  else if (protocol === 'anthropic')
    write(
      sse('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: piece },
      }),
    );
  else
    write(
      `${JSON.stringify({ model, created_at: final.created_at, message: { role: 'assistant', content: piece }, done: false })}\n`,
    );
}

/** An in-stream error in the protocol's shape, ending the stream instead of its normal end. */
function streamError({ protocol, write }: ReplyStream, message: string): void {
  if (protocol === 'openai') write(sse(null, { error: { message, type: 'server_error', param: null, code: null } }));
  else if (protocol === 'anthropic')
    write(sse('error', { type: 'error', error: { type: 'overloaded_error', message } }));
  else write(`${JSON.stringify({ error: message })}\n`);
}

/**
 * The normal end of a stream with the counts of `completionTokens`: OpenAI's stop chunk, usage chunk (when
 * `includeUsage`) and `[DONE]`; Anthropic's content_block_stop, message_delta and message_stop; Ollama's done line.
 */
function streamClosing(s: ReplyStream, completionTokens: number, includeUsage: boolean): void {
  const { protocol, final, promptTokens, openaiBase, write } = s;
  if (protocol === 'openai') {
    write(sse(null, { ...openaiBase, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }] }));
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    };
    if (includeUsage) write(sse(null, { ...openaiBase, choices: [], usage }));
    write(sse(null, '[DONE]'));
  } else if (protocol === 'anthropic') {
    write(sse('content_block_stop', { type: 'content_block_stop', index: 0 }));
    write(
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: completionTokens },
      }),
    );
    write(sse('message_stop', { type: 'message_stop' }));
  } else {
    write(
      `${JSON.stringify({ ...final, message: { role: 'assistant', content: '' }, eval_count: completionTokens })}\n`,
    );
  }
}

/**
 * Starts a scripted model server.
 * @param options protocol to speak, the reply script (called once per chat request), an optional delay in
 *   milliseconds before every answer and the model names to list
 * @returns the base URL for the provider, the recorded requests and close() (which also drops open connections)
 */
export async function startScriptedModelServer(options: ScriptedModelServerOptions): Promise<ScriptedModelServer> {
  const { protocol } = options;
  const models = options.models ?? ['scripted-model'];
  const requests: RecordedRequest[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const recorded = await recordRequest(req);
    requests.push(recorded);
    const { path, body } = recorded;
    if (options.delayMs && options.delayMs > 0) {
      await delayAnswer(res, options.delayMs, pendingTimers);
      if (res.destroyed) return;
    }
    const route = ROUTES[protocol];
    if (req.method === 'GET' && route.models.test(path)) {
      send(res, 200, modelsBody(protocol, models));
      return;
    }
    if (req.method !== 'POST' || !route.chat.test(path)) {
      send(res, 404, errorBody(protocol, 404, `No route ${req.method} ${path} on the scripted ${protocol} server`));
      return;
    }
    if (!body || typeof body !== 'object') {
      send(res, 400, errorBody(protocol, 400, 'Request body must be a JSON object'));
      return;
    }
    await answerChat(res, options, models[0], body as Record<string, unknown>);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, errorBody(protocol, 500, error.message)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: protocol === 'openai' ? `${origin}/v1` : origin,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The chat and model-listing paths of each protocol (the providers' documented paths). */
const ROUTES: Record<ScriptedProtocol, { chat: RegExp; models: RegExp }> = {
  openai: { chat: /^(\/v1)?\/chat\/completions$/, models: /^(\/v1)?\/models$/ },
  anthropic: { chat: /^\/v1\/messages$/, models: /^\/v1\/models$/ },
  ollama: { chat: /^\/api\/chat$/, models: /^\/api\/tags$/ },
};

/** Reads a request as it is recorded: its method, path without the query, headers and body (JSON when it parses). */
async function recordRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const path = (req.url ?? '/').split('?')[0];
  const raw = await readBody(req);
  let body: unknown = null;
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  return { method: req.method ?? 'GET', path, headers: { ...req.headers }, body };
}

/** Waits `delayMs` milliseconds before answering, or until the client goes away; the timer is kept in `pending`. */
function delayAnswer(res: ServerResponse, delayMs: number, pending: Set<NodeJS.Timeout>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      resolve();
    }, delayMs);
    pending.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      pending.delete(timer);
      resolve();
    });
  });
}

/**
 * Answers one chat request with the script's reply: streamed when the request asks for it (a text reply word by
 * word), else joined, in the protocol's success shape; a raw status reply as given (an error body in the protocol's
 * shape when it has none); a failing script as a 500. `defaultModel` names the model when the request does not.
 */
async function answerChat(
  res: ServerResponse,
  options: ScriptedModelServerOptions,
  defaultModel: string,
  chat: Record<string, unknown>,
): Promise<void> {
  const { protocol } = options;
  const { system, user } = chatParts(protocol, chat);
  let reply: ScriptedReply;
  try {
    reply = await options.reply({ system, user, body: chat });
  } catch (error) {
    send(res, 500, errorBody(protocol, 500, `Scripted reply failed: ${(error as Error).message}`));
    return;
  }
  const streaming = protocol === 'ollama' ? chat.stream !== false : chat.stream === true;
  const model = typeof chat.model === 'string' ? chat.model : defaultModel;
  if (typeof reply === 'string' && streaming) reply = { chunks: reply.match(/\S+\s*|\s+/g) ?? [] };
  if (typeof reply === 'object' && 'chunks' in reply) {
    if (streaming) {
      const includeUsage = (chat.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      await streamReply(res, protocol, model, `${system}\n${user}`, reply, includeUsage);
      return;
    }
    const pieces: string[] = [];
    for await (const piece of reply.chunks) pieces.push(piece);
    reply = pieces.join('');
  }
  if (typeof reply !== 'string') {
    const message = STATUS_MESSAGES[reply.status] ?? `Scripted status ${reply.status}`;
    send(res, reply.status, reply.body ?? errorBody(protocol, reply.status, message), reply.headers);
    return;
  }
  send(res, 200, successBody(protocol, model, `${system}\n${user}`, reply, Date.now()));
}
