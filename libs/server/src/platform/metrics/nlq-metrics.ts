import type { LiveEvent } from '@nlq/contracts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds buckets for HTTP and stage latency: 5 ms to 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The api's Prometheus metrics (prom-client, one registry a process; Prometheus sums replicas):
 * - `nlq_http_requests_total{method,route,status}` and `nlq_http_request_duration_seconds{method,route,status}`;
 * - `nlq_stage_duration_seconds{stage,outcome}`: pipeline stages (docs/architecture.md "The pipeline");
 * - `nlq_model_calls_total{provider,model,stage}` and `nlq_model_tokens_total{provider,model,kind}` (prompt,
 *   completion) for generate and answer stages that called a model;
 * - `nlq_cache_lookups_total{result}` (hit, miss) of the result cache stage;
 * - `nlq_database_errors_total{kind}` (syntax, connection, timeout, read_only, ...) of the execute stage;
 * - `nlq_pending_approvals`: writes waiting for a decision, read from the state store at scrape time;
 * - Node's default process metrics (`nlq_process_*`, `nlq_nodejs_*`).
 * Routes are the route patterns (`/approve/:session_id`), never raw URLs, so label sets stay bounded.
 */
export class NlqMetrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'nlq_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'nlq_http_request_duration_seconds',
    help: 'HTTP request latency in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly stageDuration = new Histogram({
    name: 'nlq_stage_duration_seconds',
    help: 'Pipeline stage duration in seconds',
    labelNames: ['stage', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly modelCalls = new Counter({
    name: 'nlq_model_calls_total',
    help: 'Model calls by provider, model and stage',
    labelNames: ['provider', 'model', 'stage'],
    registers: [this.registry],
  });
  private readonly modelTokens = new Counter({
    name: 'nlq_model_tokens_total',
    help: 'Model tokens by provider, model and kind (prompt, completion)',
    labelNames: ['provider', 'model', 'kind'],
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'nlq_cache_lookups_total',
    help: 'Result cache lookups by result (hit, miss)',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private readonly databaseErrors = new Counter({
    name: 'nlq_database_errors_total',
    help: 'Database errors of executed SQL by kind',
    labelNames: ['kind'],
    registers: [this.registry],
  });

  /** @param countPending resolves the number of pending approvals (state store), called at each scrape. */
  constructor(countPending: () => Promise<number>) {
    new Gauge({
      name: 'nlq_pending_approvals',
      help: 'Writes and DDL waiting for approval',
      registers: [this.registry],
      async collect() {
        this.set(await countPending());
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'nlq_' });
  }

  /** Count one HTTP response: `route` is the route pattern (or `unmatched`), `seconds` its latency. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** Read a pipeline live event: stage.finished feeds stage durations, model calls and tokens, cache and database errors. */
  observeEvent(event: LiveEvent): void {
    if (event.type !== 'stage.finished') return;
    const data = event.data as {
      stage?: string;
      durationMs?: number;
      outcome?: string;
      tokens?: { prompt: number; completion: number } | null;
      model?: string;
      provider?: string;
      errorKind?: string;
    };
    const stage = String(data.stage ?? 'unknown');
    const outcome = String(data.outcome ?? 'unknown');
    if (typeof data.durationMs === 'number') this.stageDuration.observe({ stage, outcome }, data.durationMs / 1000);
    if (stage === 'cache' && (outcome === 'hit' || outcome === 'miss')) this.cacheLookups.inc({ result: outcome });
    if (stage === 'execute' && outcome === 'error') this.databaseErrors.inc({ kind: data.errorKind ?? 'unknown' });
    if ((stage === 'generate' || stage === 'answer') && data.tokens) {
      const who = { provider: data.provider ?? 'unknown', model: data.model ?? 'unknown' };
      this.modelCalls.inc({ ...who, stage });
      this.modelTokens.inc({ ...who, kind: 'prompt' }, data.tokens.prompt);
      this.modelTokens.inc({ ...who, kind: 'completion' }, data.tokens.completion);
    }
  }

  /** The exposition text (Prometheus text format 0.0.4) and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
