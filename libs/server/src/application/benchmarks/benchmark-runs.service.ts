import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  ErrorCode,
  type Benchmark,
  type BenchmarkRun,
  type BenchmarkRunList,
  type BenchmarkRunPending,
} from '@nlq/contracts';
import {
  accuracyOf,
  benchmarkFingerprint,
  findRegressions,
  fingerprintChanges,
  QueryPipeline,
  runBenchmarkQuestions,
  type LiveEventBus,
} from '@nlq/pipeline';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Caller } from '../../platform/auth/caller';
import { SERVICE_PRINCIPAL } from '../../platform/auth/api-key.service';
import { assertService } from '../../platform/auth/service-only';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { LIVE_EVENT_BUS } from '../../platform/live-events/live-event-bus';
import { BackgroundRuns } from './background-runs';

/** What started a run, as stored with it. */
type RunOrigin = Pick<BenchmarkRun, 'trigger' | 'late'>;

/** The origin of a run a request starts. */
const REQUESTED: RunOrigin = { trigger: 'request', late: false };

/** Who a run started by a configuration change or a schedule runs as: the service. */
const TRIGGER_CALLER: Caller = SERVICE_PRINCIPAL;

/**
 * Benchmark runs (docs/http-api.md "Benchmarks"): every question through the pipeline /api/chat asks, each in a fresh
 * session, judged against its expected SQL's result (@nlq/pipeline benchmarks/); the run is stored with its
 * configuration fingerprint, the fingerprint parts changed since the previous run and the questions right then and
 * not now, which are also published as a `benchmark.regression` live event. A run waits for its request, or runs in
 * the background (started by a request or by a configuration change, {@link BackgroundRuns}). Service key only (403).
 */
@Injectable()
export class BenchmarkRunsService implements BeforeApplicationShutdown {
  private readonly background = new BackgroundRuns();

  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(TargetResolverService) private readonly targets: TargetResolverService,
    private readonly config: AppConfig,
    @Inject(LIVE_EVENT_BUS) private readonly events: LiveEventBus,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Run a benchmark now and answer the finished run (the POST waits for it).
   * @throws 403, 404 unknown benchmark (or its connection was removed)
   */
  async run(caller: Caller, benchmarkId: string): Promise<BenchmarkRun> {
    assertService(caller, 'run benchmarks');
    const benchmark = await this.benchmark(benchmarkId);
    return this.execute(benchmark, randomUUID(), new Date().toISOString(), caller, REQUESTED);
  }

  /**
   * Start a run in the background and answer it at once (POST .../runs?wait=false, 202); while one runs for the
   * benchmark on this replica, that one is answered instead of starting another.
   * @throws 403, 404 unknown benchmark
   */
  async start(caller: Caller, benchmarkId: string): Promise<BenchmarkRunPending> {
    assertService(caller, 'run benchmarks');
    return this.startRun(await this.benchmark(benchmarkId), caller, REQUESTED);
  }

  /**
   * The scheduler's start of a scheduled run it claimed (docs/http-api.md "Benchmarks", "Runs on a schedule"), as the
   * service; `late` when it starts well after its due time. While a run of the benchmark is in progress on this
   * replica, that one stands for it (the claimed slot is not run twice).
   */
  startScheduled(benchmark: Benchmark, late: boolean): BenchmarkRunPending {
    return this.startRun(benchmark, TRIGGER_CALLER, { trigger: 'schedule', late });
  }

  /**
   * After a configuration change: start a background run of the benchmark when its connection's fingerprint differs
   * from its latest run's (or it has none). While one runs, one more check follows it. Never throws (logged).
   */
  async runIfChanged(benchmark: Benchmark): Promise<void> {
    try {
      if (this.background.running(benchmark.id)) return this.background.runAgain(benchmark.id);
      const latest = await this.store.benchmarks.latestRun(benchmark.id);
      const now = await benchmarkFingerprint(benchmark.connection_id, this.deps());
      if (latest && fingerprintChanges(latest.fingerprint, now).length === 0) return;
      this.startRun(benchmark, TRIGGER_CALLER, { trigger: 'change', late: false });
    } catch (error) {
      this.logger.warn({ err: error, benchmarkId: benchmark.id }, 'benchmark run after a change not started');
    }
  }

  /** Wait for the background runs before the state store closes (Nest's beforeApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.background.drain();
  }

  private startRun(benchmark: Benchmark, caller: Caller, origin: RunOrigin): BenchmarkRunPending {
    const running = this.background.running(benchmark.id);
    if (running) return running;
    const pending: BenchmarkRunPending = {
      id: randomUUID(),
      benchmark_id: benchmark.id,
      connection_id: benchmark.connection_id,
      started_at: new Date().toISOString(),
      status: 'running',
      ...origin,
      error: null,
    };
    const work = this.execute(benchmark, pending.id, pending.started_at, caller, origin).finally(() => {
      if (this.background.takeAgain(benchmark.id)) setImmediate(() => void this.followUp(benchmark.id));
    });
    work.catch((error: unknown) =>
      this.logger.warn({ err: error, benchmarkId: benchmark.id, runId: pending.id }, 'background benchmark run failed'),
    );
    this.background.track(pending, work);
    return pending;
  }

  /** The check queued while a run ran, on the benchmark as it is now (gone or no longer run on change: nothing). */
  private async followUp(benchmarkId: string): Promise<void> {
    const benchmark = await this.store.benchmarks.get(benchmarkId).catch(() => null);
    if (benchmark?.run_on_change) await this.runIfChanged(benchmark);
  }

  /** Run every question, store the run, publish its regressions; answers the stored run. */
  private async execute(
    benchmark: Benchmark,
    runId: string,
    startedAt: string,
    caller: Caller,
    origin: RunOrigin,
  ): Promise<BenchmarkRun> {
    const deps = this.deps();
    const connectionId = benchmark.connection_id;
    const fingerprint = await benchmarkFingerprint(connectionId, deps);
    const results = await runBenchmarkQuestions(benchmark.questions, { connectionId, userId: caller.userId }, deps);
    const previous = await this.store.benchmarks.latestRun(benchmark.id);
    const run: BenchmarkRun = {
      id: runId,
      benchmark_id: benchmark.id,
      connection_id: connectionId,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      accuracy: accuracyOf(results),
      total: results.length,
      right: results.filter((r) => r.status === 'right').length,
      results,
      regressions: findRegressions(previous?.results ?? null, results),
      fingerprint,
      changes: fingerprintChanges(previous?.fingerprint ?? null, fingerprint),
      previous_run_id: previous?.id ?? null,
      ...origin,
    };
    await this.store.benchmarks.insertRun(run);
    auditCallerEvent(this.logger, 'benchmark.run', caller, {
      benchmarkId: benchmark.id,
      runId: run.id,
      accuracy: run.accuracy,
      regressions: run.regressions.length,
    });
    if (run.regressions.length > 0) this.publishRegressions(caller, benchmark.name, run);
    return run;
  }

  private deps() {
    return {
      pipeline: this.pipeline,
      targets: this.targets,
      store: this.store,
      limits: { maxResultRows: this.config.maxResultRows, statementTimeoutMs: this.config.statementTimeoutMs },
    };
  }

  private async benchmark(benchmarkId: string): Promise<Benchmark> {
    const benchmark = await this.store.benchmarks.get(benchmarkId);
    if (!benchmark) throw notFound(`Benchmark "${benchmarkId}" not found.`);
    return benchmark;
  }

  /** A benchmark's runs, newest first, without their results. @throws 403, 404 unknown benchmark */
  async list(caller: Caller, benchmarkId: string): Promise<BenchmarkRunList> {
    assertService(caller, 'read benchmark runs');
    if (!(await this.store.benchmarks.get(benchmarkId))) throw notFound(`Benchmark "${benchmarkId}" not found.`);
    const runs = await this.store.benchmarks.listRuns(benchmarkId);
    return {
      items: runs.map(({ results: _results, ...summary }) => summary),
      pending: this.background.of(benchmarkId),
    };
  }

  /**
   * One run with its results, or the background run not stored yet (running, or failed) on this replica.
   * @throws 403, 404 unknown benchmark or run
   */
  async get(caller: Caller, benchmarkId: string, runId: string): Promise<BenchmarkRun | BenchmarkRunPending> {
    assertService(caller, 'read benchmark runs');
    const run = await this.store.benchmarks.getRun(benchmarkId, runId);
    if (run) return run;
    const pending = this.background.get(runId);
    if (pending?.benchmark_id === benchmarkId) return pending;
    throw notFound(`Run "${runId}" of benchmark "${benchmarkId}" not found.`);
  }

  /**
   * The `benchmark.regression` live event (libs/contracts events.ts), heard by the service key and the caller (the
   * service key alone for a run started by a change).
   */
  private publishRegressions(caller: Caller, benchmarkName: string, run: BenchmarkRun): void {
    this.events.publish({
      type: 'benchmark.regression',
      sessionId: null,
      userId: caller.userId,
      traceId: null,
      at: run.finished_at,
      data: {
        benchmarkId: run.benchmark_id,
        benchmarkName,
        runId: run.id,
        connectionId: run.connection_id,
        accuracy: run.accuracy,
        regressions: run.regressions,
        changes: run.changes,
      },
    });
  }
}

function notFound(message: string): ApiException {
  return new ApiException(404, ErrorCode.NOT_FOUND, message);
}
