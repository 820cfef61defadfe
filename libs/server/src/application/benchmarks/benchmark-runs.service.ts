import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type BenchmarkRun, type BenchmarkRunList } from '@nlq/contracts';
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
import { assertService } from '../../platform/auth/service-only';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { LIVE_EVENT_BUS } from '../live/live-event-bus';

/**
 * Benchmark runs (docs/http-api.md "Benchmarks"): every question through the pipeline /api/chat asks, each in a fresh
 * session, judged against its expected SQL's result (@nlq/pipeline benchmarks/); the run is stored with its
 * configuration fingerprint, the fingerprint parts changed since the previous run and the questions right then and
 * not now, which are also published as a `benchmark.regression` live event. Service key only (403).
 */
@Injectable()
export class BenchmarkRunsService {
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
    const benchmark = await this.store.benchmarks.get(benchmarkId);
    if (!benchmark) throw notFound(`Benchmark "${benchmarkId}" not found.`);
    const deps = {
      pipeline: this.pipeline,
      targets: this.targets,
      store: this.store,
      limits: { maxResultRows: this.config.maxResultRows, statementTimeoutMs: this.config.statementTimeoutMs },
    };
    const startedAt = new Date().toISOString();
    const connectionId = benchmark.connection_id;
    const fingerprint = await benchmarkFingerprint(connectionId, deps);
    const results = await runBenchmarkQuestions(benchmark.questions, { connectionId, userId: caller.userId }, deps);
    const previous = await this.store.benchmarks.latestRun(benchmarkId);
    const right = results.filter((r) => r.status === 'right').length;
    const run: BenchmarkRun = {
      id: randomUUID(),
      benchmark_id: benchmarkId,
      connection_id: connectionId,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      accuracy: accuracyOf(results),
      total: results.length,
      right,
      results,
      regressions: findRegressions(previous?.results ?? null, results),
      fingerprint,
      changes: fingerprintChanges(previous?.fingerprint ?? null, fingerprint),
      previous_run_id: previous?.id ?? null,
    };
    await this.store.benchmarks.insertRun(run);
    auditCallerEvent(this.logger, 'benchmark.run', caller, {
      benchmarkId,
      runId: run.id,
      accuracy: run.accuracy,
      regressions: run.regressions.length,
    });
    if (run.regressions.length > 0) this.publishRegressions(caller, benchmark.name, run);
    return run;
  }

  /** A benchmark's runs, newest first, without their results. @throws 403, 404 unknown benchmark */
  async list(caller: Caller, benchmarkId: string): Promise<BenchmarkRunList> {
    assertService(caller, 'read benchmark runs');
    if (!(await this.store.benchmarks.get(benchmarkId))) throw notFound(`Benchmark "${benchmarkId}" not found.`);
    const runs = await this.store.benchmarks.listRuns(benchmarkId);
    return { items: runs.map(({ results: _results, ...summary }) => summary) };
  }

  /** One run with its results. @throws 403, 404 unknown benchmark or run */
  async get(caller: Caller, benchmarkId: string, runId: string): Promise<BenchmarkRun> {
    assertService(caller, 'read benchmark runs');
    const run = await this.store.benchmarks.getRun(benchmarkId, runId);
    if (!run) throw notFound(`Run "${runId}" of benchmark "${benchmarkId}" not found.`);
    return run;
  }

  /** The `benchmark.regression` live event (libs/contracts events.ts), heard by the service key and the caller. */
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
