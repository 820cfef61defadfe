import type {
  ApiFeedbackRequest,
  Benchmark,
  BenchmarkList,
  BenchmarkRun,
  BenchmarkRunList,
  BenchmarkRunPending,
  ConnectionSchemaResponse,
  ExampleQuestionsResponse,
  ApiHealthResponse,
  ApprovalDecisionResponse,
  ChatRequest,
  ChatResponse,
  ConnectionInput,
  ConnectionView,
  CreateSavedAnswerRequest,
  ErrorResponse,
  ExampleStatus,
  FeedbackResponse,
  FeedbackSignal,
  KnowledgeDefinition,
  KnowledgeDefinitionBody,
  KnowledgeDefinitionKind,
  KnowledgeDefinitionStatus,
  LlmInput,
  LlmView,
  Page,
  RefreshResponse,
  SavedAnswer,
  SavedAnswerList,
  SavedAnswerResult,
  SessionDetail,
  SessionSummary,
  TestResult,
  Trace,
  TraceQuery,
  TraceSummary,
  VerifiedExample,
  VerifiedExampleList,
  WhoAmI,
  SignInConfig,
  SignedInUser,
} from '@nlq/contracts';
import { ServerSentEventParser } from '@nlq/contracts';
import { ApiError, apiErrorFromResponse } from './api-error';

export { ApiError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

/** A progress event of POST /api/chat/stream: its type (stage.started, stage.finished, answer.delta, ...) and data. */
export interface ChatStreamEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * The streaming variant could not deliver an answer (no event stream, or it broke off before its `result` event):
 * callers fall back to the plain POST /api/chat. Not thrown for answers of the service itself (HTTP errors and
 * `error` events reject with an ApiError).
 */
export class ChatStreamUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatStreamUnavailableError';
  }
}

export interface ApiClientOptions {
  /** API origin without trailing slash; '' for the page's own origin. */
  baseUrl: string;
  /** Current X-API-Key (null when none is stored yet). */
  getKey: () => string | null;
  /** Called once per 401 answer, before the ApiError is thrown (the app then asks for the key again). */
  onUnauthorized?: (error: ApiError) => void;
  /** fetch implementation (defaults to the global one). */
  fetchImpl?: typeof fetch;
  /**
   * Whether requests send cookies: `include` once signed in (the sign-in cookie reaches an api on another origin,
   * which must list the web app in CORS_ORIGINS), else `same-origin` (the default).
   */
  credentials?: () => RequestCredentials;
}

/** A downloaded file: its bytes and the name from Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string;
  /** Rows the file holds (X-Export-Rows), when the server said. */
  rows?: number;
  /** True when EXPORT_MAX_ROWS cut the file short (X-Export-Truncated). */
  truncated?: boolean;
}

/**
 * File name of a Content-Disposition header (RFC 6266: filename* in UTF-8 wins over filename); null when absent.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return null;
}

/**
 * Typed fetch wrapper of the /api surface (libs/contracts api.ts). Every call sends X-API-Key and JSON; a non-2xx
 * answer rejects with an {@link ApiError} carrying the ErrorResponse, a network failure with an ApiError of
 * statusCode 0 and code NETWORK.
 */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  }

  /** Absolute (or same-origin) URL of an API path with its query string; undefined/null/'' values are left out. */
  url(path: string, query?: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    }
    const qs = params.toString();
    return `${this.options.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  /** Send one request and answer the raw Response when 2xx; throws ApiError otherwise. */
  async send(
    method: string,
    path: string,
    init: { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const key = this.options.getKey();
    const headers = {
      Accept: 'application/json',
      ...(key ? { 'X-API-Key': key } : {}),
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    };
    let res: Response;
    try {
      res = await this.fetchImpl(this.url(path, init.query), {
        method,
        headers,
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: init.signal,
        credentials: this.options.credentials?.() ?? 'same-origin',
      });
    } catch (err) {
      const aborted = err instanceof Error && err.name === 'AbortError';
      throw new ApiError({
        statusCode: 0,
        code: aborted ? 'ABORTED' : 'NETWORK',
        message: aborted
          ? 'Request cancelled'
          : `Cannot reach the API at ${this.options.baseUrl || 'this origin'}: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    if (!res.ok) {
      const error = await apiErrorFromResponse(res);
      if (error.unauthorized) this.options.onUnauthorized?.(error);
      throw error;
    }
    return res;
  }

  /** JSON request; answers the parsed body (undefined for 204). */
  async request<T>(
    method: string,
    path: string,
    init: { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
  ): Promise<T> {
    const res = await this.send(method, path, init);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError({
        statusCode: res.status,
        code: 'BAD_RESPONSE',
        message: `The API answered ${path} with something that is not JSON`,
      });
    }
  }

  me(): Promise<WhoAmI> {
    return this.request('GET', '/api/me');
  }
  /** GET /api/auth/config: whether sign-in with OpenID Connect is configured (needs no key). */
  signInConfig(): Promise<SignInConfig> {
    return this.request('GET', '/api/auth/config');
  }
  /** GET /api/auth/me: the signed-in person; rejects with a 401 ApiError when not signed in or expired. */
  signedInUser(): Promise<SignedInUser> {
    return this.request('GET', '/api/auth/me');
  }
  /** POST /api/auth/logout: ends the sign-in session. */
  signOut(): Promise<void> {
    return this.request('POST', '/api/auth/logout');
  }
  health(): Promise<ApiHealthResponse> {
    return this.request('GET', '/api/health');
  }

  chat(body: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return this.request('POST', '/api/chat', { body, signal });
  }
  /**
   * POST /api/chat/stream: the same question answered as server-sent events, read with fetch and the body's
   * ReadableStream (EventSource cannot POST nor send X-API-Key) through ServerSentEventParser. `onEvent` gets every
   * progress event in order (stage.*, answer.delta {text}, answer.ready, approval.pending); resolves with the
   * `result` event's ChatResponse (exactly the POST /api/chat body).
   * @throws ApiError for an HTTP error (before the stream) or an `error` event (the one error shape)
   * @throws ChatStreamUnavailableError when no event stream came back or it ended without `result` (fall back to chat)
   */
  async chatStream(
    body: ChatRequest,
    onEvent: (event: ChatStreamEvent) => void,
    signal?: AbortSignal,
  ): Promise<ChatResponse> {
    const key = this.options.getKey();
    const headers = {
      Accept: 'text/event-stream',
      'Content-Type': 'application/json',
      ...(key ? { 'X-API-Key': key } : {}),
    };
    let res: Response;
    try {
      res = await this.fetchImpl(this.url('/api/chat/stream'), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        credentials: this.options.credentials?.() ?? 'same-origin',
        signal,
      });
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError')
        throw new ApiError({ statusCode: 0, code: 'ABORTED', message: 'Request cancelled' });
      throw new ChatStreamUnavailableError(
        `The answer stream could not be opened: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (!res.ok) {
      const error = await apiErrorFromResponse(res);
      if (error.unauthorized) this.options.onUnauthorized?.(error);
      throw error;
    }
    if (!res.body || !(res.headers.get('Content-Type') ?? '').startsWith('text/event-stream')) {
      throw new ChatStreamUnavailableError('The API did not answer with an event stream.');
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new ServerSentEventParser();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw new ChatStreamUnavailableError(
            `The answer stream broke off: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        for (const event of parser.push(
          chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }),
        )) {
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            continue;
          }
          if (event.event === 'result') return data as ChatResponse;
          if (event.event === 'error') {
            const e = data as ErrorResponse;
            throw new ApiError({
              ...e,
              statusCode: typeof e.statusCode === 'number' ? e.statusCode : 500,
              message: String(e.message ?? 'The question failed'),
            });
          }
          if (data && typeof data === 'object') onEvent({ type: event.event, data: data as Record<string, unknown> });
        }
        if (chunk.done) throw new ChatStreamUnavailableError('The answer stream ended without a result.');
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }
  approve(sessionId: string): Promise<ApprovalDecisionResponse> {
    return this.request('POST', `/api/sessions/${encodeURIComponent(sessionId)}/approve`);
  }
  reject(sessionId: string): Promise<ApprovalDecisionResponse> {
    return this.request('POST', `/api/sessions/${encodeURIComponent(sessionId)}/reject`);
  }
  /** Rate one answer of the session: the history entry `entryId`, or the latest answer without it. */
  feedback(sessionId: string, signal: FeedbackSignal, entryId?: string): Promise<FeedbackResponse> {
    const body: ApiFeedbackRequest = { signal, ...(entryId ? { entry_id: entryId } : {}) };
    return this.request('POST', `/api/sessions/${encodeURIComponent(sessionId)}/feedback`, { body });
  }

  traces(query: TraceQuery = {}): Promise<Page<TraceSummary>> {
    return this.request('GET', '/api/traces', { query: { ...query } });
  }
  trace(id: string): Promise<Trace> {
    return this.request('GET', `/api/traces/${encodeURIComponent(id)}`);
  }
  sessions(query: { page?: number; page_size?: number } = {}): Promise<Page<SessionSummary>> {
    return this.request('GET', '/api/sessions', { query });
  }
  session(id: string): Promise<SessionDetail> {
    return this.request('GET', `/api/sessions/${encodeURIComponent(id)}`);
  }

  connections(): Promise<ConnectionView[]> {
    return this.request<ConnectionView[] | Page<ConnectionView>>('GET', '/api/connections').then(itemsOf);
  }
  createConnection(input: ConnectionInput): Promise<ConnectionView> {
    return this.request('POST', '/api/connections', { body: input });
  }
  updateConnection(id: string, patch: Partial<ConnectionInput>): Promise<ConnectionView> {
    return this.request('PATCH', `/api/connections/${encodeURIComponent(id)}`, { body: patch });
  }
  deleteConnection(id: string): Promise<void> {
    return this.request('DELETE', `/api/connections/${encodeURIComponent(id)}`);
  }
  testConnection(id: string): Promise<TestResult> {
    return this.request('POST', `/api/connections/${encodeURIComponent(id)}/test`);
  }
  activateConnection(id: string): Promise<ConnectionView> {
    return this.request('POST', `/api/connections/${encodeURIComponent(id)}/activate`);
  }
  /** The connection's tables and columns (GET /api/connections/{id}/schema). */
  connectionSchema(id: string): Promise<ConnectionSchemaResponse> {
    return this.request('GET', `/api/connections/${encodeURIComponent(id)}/schema`);
  }
  /** Example questions checked against the connection's schema (GET /api/connections/{id}/example-questions). */
  exampleQuestions(id: string): Promise<ExampleQuestionsResponse> {
    return this.request('GET', `/api/connections/${encodeURIComponent(id)}/example-questions`);
  }
  refreshConnection(id: string): Promise<RefreshResponse> {
    return this.request('POST', `/api/connections/${encodeURIComponent(id)}/refresh`);
  }

  llms(): Promise<LlmView[]> {
    return this.request<LlmView[] | Page<LlmView>>('GET', '/api/llms').then(itemsOf);
  }
  createLlm(input: LlmInput): Promise<LlmView> {
    return this.request('POST', '/api/llms', { body: input });
  }
  updateLlm(id: string, patch: Partial<LlmInput>): Promise<LlmView> {
    return this.request('PATCH', `/api/llms/${encodeURIComponent(id)}`, { body: patch });
  }
  deleteLlm(id: string): Promise<void> {
    return this.request('DELETE', `/api/llms/${encodeURIComponent(id)}`);
  }
  testLlm(id: string): Promise<TestResult> {
    return this.request('POST', `/api/llms/${encodeURIComponent(id)}/test`);
  }
  activateLlm(id: string): Promise<LlmView> {
    return this.request('POST', `/api/llms/${encodeURIComponent(id)}/activate`);
  }

  /**
   * GET /api/knowledge/definitions: live definitions of the active connection, oldest first, or with `status` the
   * proposed or rejected ones (analyst or admin); `kind` keeps one kind.
   */
  definitions(
    query: {
      page?: number;
      page_size?: number;
      kind?: KnowledgeDefinitionKind;
      status?: KnowledgeDefinitionStatus;
    } = {},
  ): Promise<Page<KnowledgeDefinition>> {
    return this.request('GET', '/api/knowledge/definitions', { query });
  }
  /** POST /api/knowledge/definitions/{id}/accept|reject: decide a proposal (admin; 409 when it is not one). */
  decideDefinition(id: string, decision: 'accept' | 'reject'): Promise<KnowledgeDefinition> {
    return this.request('POST', `/api/knowledge/definitions/${encodeURIComponent(id)}/${decision}`);
  }
  /**
   * POST /api/knowledge/definitions: a new definition of the active connection (admin), or a proposal (analyst;
   * docs/knowledge.md "Proposals"); 400 names the field.
   */
  createDefinition(body: KnowledgeDefinitionBody): Promise<KnowledgeDefinition> {
    return this.request('POST', '/api/knowledge/definitions', { body });
  }
  /** PATCH /api/knowledge/definitions/{id}: changed fields, a new version (service key only; 400 names the field). */
  updateDefinition(id: string, patch: Partial<KnowledgeDefinitionBody>): Promise<KnowledgeDefinition> {
    return this.request('PATCH', `/api/knowledge/definitions/${encodeURIComponent(id)}`, { body: patch });
  }
  /** DELETE /api/knowledge/definitions/{id}: a last version marked deleted, the history kept (service key only). */
  deleteDefinition(id: string): Promise<void> {
    return this.request('DELETE', `/api/knowledge/definitions/${encodeURIComponent(id)}`);
  }
  /** GET /api/knowledge/definitions/{id}/versions: every version, oldest first, with its change. */
  definitionVersions(id: string): Promise<{ items: Array<KnowledgeDefinition & { change: string }> }> {
    return this.request('GET', `/api/knowledge/definitions/${encodeURIComponent(id)}/versions`);
  }
  /** GET /api/knowledge/examples?status=: verified examples of the active connection in one status. */
  examples(status: ExampleStatus): Promise<VerifiedExampleList> {
    return this.request('GET', '/api/knowledge/examples', { query: { status } });
  }
  /** POST /api/knowledge/examples/{id}/promote|reject (409 with the reason when it cannot). */
  decideExample(id: string, decision: 'promote' | 'reject'): Promise<VerifiedExample> {
    return this.request('POST', `/api/knowledge/examples/${encodeURIComponent(id)}/${decision}`);
  }

  /** GET /api/benchmarks?connection_id=: the benchmarks of a connection, oldest first (service key only). */
  benchmarks(connectionId?: string): Promise<BenchmarkList> {
    return this.request('GET', '/api/benchmarks', { query: { connection_id: connectionId } });
  }
  /** PATCH /api/benchmarks/{id}: a new name, questions or run_on_change. */
  updateBenchmark(
    id: string,
    patch: Partial<Pick<Benchmark, 'name' | 'run_on_change' | 'schedule'>>,
  ): Promise<Benchmark> {
    return this.request('PATCH', `/api/benchmarks/${encodeURIComponent(id)}`, { body: patch });
  }
  /** POST /api/benchmarks/import: a new benchmark from a YAML or CSV document (400 with the field when invalid). */
  importBenchmark(body: {
    format: 'yaml' | 'csv';
    content: string;
    name?: string;
    connection_id?: string;
  }): Promise<Benchmark> {
    return this.request('POST', '/api/benchmarks/import', { body });
  }
  /** GET /api/benchmarks/{id}/export: the benchmark as a YAML file. */
  async exportBenchmark(id: string, name: string): Promise<Download> {
    const res = await this.send('GET', `/api/benchmarks/${encodeURIComponent(id)}/export`);
    return { blob: await res.blob(), filename: `${name.replace(/[^\w.-]+/g, '-')}.benchmark.yaml` };
  }
  /** POST /api/benchmarks/{id}/questions: a verified example or an answered question becomes a question. */
  addBenchmarkQuestion(
    id: string,
    source: { example_id: string } | { session_id: string; entry_id: string },
  ): Promise<Benchmark> {
    return this.request('POST', `/api/benchmarks/${encodeURIComponent(id)}/questions`, { body: source });
  }
  /** POST /api/benchmarks/{id}/runs?wait=false: start a run in the background; answers it (202) at once. */
  startBenchmarkRun(id: string): Promise<BenchmarkRunPending> {
    return this.request('POST', `/api/benchmarks/${encodeURIComponent(id)}/runs`, { query: { wait: 'false' } });
  }
  /** GET /api/benchmarks/{id}/runs: stored runs newest first (without results) and the runs in progress. */
  benchmarkRuns(id: string): Promise<BenchmarkRunList> {
    return this.request('GET', `/api/benchmarks/${encodeURIComponent(id)}/runs`);
  }
  /** GET /api/benchmarks/{id}/runs/{run_id}: a stored run with its results, or the run still in progress. */
  benchmarkRun(id: string, runId: string): Promise<BenchmarkRun | BenchmarkRunPending> {
    return this.request('GET', `/api/benchmarks/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}`);
  }

  /** GET /api/export: the rows of a history entry as a CSV or JSON file, with the server's file name. */
  async exportEntry(entryId: string, format: 'csv' | 'json'): Promise<Download> {
    const res = await this.send('GET', '/api/export', { query: { entry_id: entryId, format } });
    const blob = await res.blob();
    const filename =
      filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `nlq-export-${entryId}.${format}`;
    const rows = Number(res.headers.get('X-Export-Rows') ?? Number.NaN);
    return {
      blob,
      filename,
      ...(Number.isFinite(rows) ? { rows } : {}),
      truncated: res.headers.get('X-Export-Truncated') === 'true',
    };
  }

  /** POST /api/saved: keep an answer (session_id, entry_id) or a read (sql) under a name. */
  saveAnswer(input: CreateSavedAnswerRequest): Promise<SavedAnswer> {
    return this.request('POST', '/api/saved', { body: input });
  }
  savedAnswers(): Promise<SavedAnswerList> {
    return this.request('GET', '/api/saved');
  }
  renameSaved(id: string, name: string): Promise<SavedAnswer> {
    return this.request('PATCH', `/api/saved/${encodeURIComponent(id)}`, { body: { name } });
  }
  deleteSaved(id: string): Promise<void> {
    return this.request('DELETE', `/api/saved/${encodeURIComponent(id)}`);
  }
  /** GET /api/saved/{id}/result: the saved SQL run again now (no model call). */
  runSaved(id: string): Promise<SavedAnswerResult> {
    return this.request('GET', `/api/saved/${encodeURIComponent(id)}/result`);
  }
}

/** Lists may come bare or paged; the pages of connections and models are small, so the first page is all of them. */
function itemsOf<T>(value: T[] | Page<T>): T[] {
  return Array.isArray(value) ? value : value.items;
}
