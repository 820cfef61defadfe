import type { BenchmarkRunPending } from '@nlq/contracts';

/** How long a failed background run stays readable (ms). */
export const FAILED_RUN_KEPT_MS = 60 * 60 * 1000;

/**
 * The benchmark runs in the background on this replica (docs/http-api.md "Benchmarks", "Runs in the background"):
 * at most one per benchmark at a time (starting one while it runs answers the running one, and a start by a change
 * while it runs queues exactly one more run after it), a failed one kept readable for {@link FAILED_RUN_KEPT_MS}, and
 * every promise kept so shutdown can wait for them. In memory: another replica does not see them.
 */
export class BackgroundRuns {
  private readonly pending = new Map<string, BenchmarkRunPending>();
  private readonly promises = new Set<Promise<void>>();
  private readonly again = new Set<string>();

  /** The run of a benchmark running now, or undefined. */
  running(benchmarkId: string): BenchmarkRunPending | undefined {
    return [...this.pending.values()].find((p) => p.benchmark_id === benchmarkId && p.status === 'running');
  }

  /** Remember to run a benchmark once more after the run in progress (a change arrived while it ran). */
  runAgain(benchmarkId: string): void {
    this.again.add(benchmarkId);
  }

  /** Whether a run was asked for while one ran (and forget it). */
  takeAgain(benchmarkId: string): boolean {
    return this.again.delete(benchmarkId);
  }

  /** A pending run by id (running, or failed within the hour). */
  get(runId: string): BenchmarkRunPending | undefined {
    this.prune();
    return this.pending.get(runId);
  }

  /** The pending runs of a benchmark, newest first. */
  of(benchmarkId: string): BenchmarkRunPending[] {
    this.prune();
    return [...this.pending.values()]
      .filter((p) => p.benchmark_id === benchmarkId)
      .sort((a, b) => b.started_at.localeCompare(a.started_at));
  }

  /**
   * Track `work` for `run`: removed when it resolves (it is then stored), marked failed with the error's message when
   * it rejects. `work` must not be awaited by the caller.
   */
  track(run: BenchmarkRunPending, work: Promise<unknown>): void {
    this.pending.set(run.id, run);
    const done = work.then(
      () => {
        this.pending.delete(run.id);
      },
      (error: unknown) => {
        this.pending.set(run.id, {
          ...run,
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    this.promises.add(done);
    void done.finally(() => this.promises.delete(done));
  }

  /** Resolves when every run in progress has finished (shutdown). */
  async drain(): Promise<void> {
    while (this.promises.size > 0) await Promise.all([...this.promises]);
  }

  private prune(): void {
    const oldest = Date.now() - FAILED_RUN_KEPT_MS;
    for (const [id, p] of this.pending)
      if (p.status === 'failed' && Date.parse(p.started_at) < oldest) this.pending.delete(id);
  }
}
