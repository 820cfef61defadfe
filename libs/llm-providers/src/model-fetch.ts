import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * Keep-alive connections to model servers, shared by every provider of the process, with undici's default settings
 * (an idle socket is kept 4 s unless the server's Keep-Alive header says otherwise: below the 5 s idle timeout of
 * common model servers, so a request is not sent on a socket the server is closing).
 */
const MODEL_AGENT = new Agent();

/** Statuses whose Response must have a null body (Fetch standard, "null body status"). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/** Content types a provider reads as a stream: server-sent events (OpenAI, Anthropic) and NDJSON (Ollama). */
const STREAMED_TYPE = /text\/event-stream|application\/x-ndjson|application\/jsonl/i;

/** A request body asking for a streamed reply (`"stream": true`, as the OpenAI, Anthropic and Ollama APIs take it). */
const STREAM_REQUESTED = /"stream"\s*:\s*true/;

/** Statuses whose redirect turns a POST into a GET without body (Fetch standard, "HTTP-redirect fetch", step 12). */
const REDIRECT_TO_GET = new Set([301, 302, 303]);

function requestUrl(input: Parameters<typeof fetch>[0]): string | null {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return null;
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init));
}

function responseHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, String(value));
  }
  return headers;
}

/**
 * `fetch` for model-provider SDKs over undici's `request` (https://undici.nodejs.org/#/docs/api/Dispatcher?id=dispatcherrequestoptions-callback)
 * on one keep-alive Agent: the same requests and a standard `Response`, at about half the CPU of Node's global fetch
 * per model call (measured with the OpenAI SDK against an instant local model, 32 concurrent callers: 0.42 ms of CPU a
 * call with the global fetch, 0.22 ms with this; tools/bench/README.md "Query benchmark"). Replies stay streams, read as they arrive, when
 * the request asked for a stream (`"stream": true`) or the server sends an event stream or NDJSON; other replies are
 * read whole before the Response is built (no web-stream plumbing).
 *
 * Falls back to the global fetch for what only fetch does: a `Request` object as input and a body that is not a
 * string; a redirect (3xx with Location) is fetched from its target by the global fetch, which follows any further
 * redirects by the Fetch rules (301/302/303 turn a POST into a GET).
 * The caller's AbortSignal aborts the request (rejecting with an `AbortError`, as fetch does); connection failures
 * reject with undici's errors (`code` such as ECONNREFUSED), which the SDKs report as connection errors.
 */
export async function undiciFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const url = requestUrl(input);
  const body = init?.body;
  if (url === null || (body !== undefined && body !== null && typeof body !== 'string')) return fetch(input, init);
  const reply = await request(url, {
    method: (init?.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
    headers: headerRecord(init?.headers),
    body: body ?? undefined,
    signal: init?.signal ?? undefined,
    dispatcher: MODEL_AGENT,
  });
  const headers = responseHeaders(reply.headers);
  const status = { status: reply.statusCode, statusText: reply.statusText, headers };
  const location = headers.get('location');
  if (reply.statusCode >= 300 && reply.statusCode < 400 && location) {
    // fetch follows the rest of the chain (and its limits) from the target; the first request is not sent twice
    await reply.body.dump();
    const method = (init?.method ?? 'GET').toUpperCase();
    const toGet = REDIRECT_TO_GET.has(reply.statusCode) && method !== 'GET' && method !== 'HEAD';
    return fetch(new URL(location, url), toGet ? { ...init, method: 'GET', body: undefined } : init);
  }
  if (NULL_BODY_STATUS.has(reply.statusCode)) {
    await reply.body.dump();
    return new Response(null, status);
  }
  const streamed =
    STREAMED_TYPE.test(headers.get('content-type') ?? '') || (typeof body === 'string' && STREAM_REQUESTED.test(body));
  const payload = streamed
    ? (Readable.toWeb(reply.body) as ReadableStream<Uint8Array>)
    : await reply.body.arrayBuffer();
  return new Response(payload, status);
}

/**
 * {@link undiciFetch} whose rejections are always `instanceof Error` of the calling realm, keeping name, message and
 * cause and own properties (`code`, `errno`, ...). The Stainless SDKs recognise a timeout by `err instanceof Error && err.name === 'AbortError'`; inside a vm
 * context (Jest's test environment) a DOMException from another realm is not such an instance and a timeout would be
 * reported as a connection failure. Outside such contexts this changes nothing.
 */
export const modelFetch: typeof fetch = async (input, init) => {
  try {
    return await undiciFetch(input, init);
  } catch (error) {
    if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
    const { name, message, cause } = error as { name?: string; message?: string; cause?: unknown };
    const copy = Object.assign(new Error(message ?? String(error), cause === undefined ? undefined : { cause }), error);
    if (name) copy.name = name;
    throw copy;
  }
};
