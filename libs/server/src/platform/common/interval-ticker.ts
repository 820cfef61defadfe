/**
 * A job that runs every interval in the background, one run at a time (the schedulers of benchmarks and of
 * schedules): `tick` starts `work` or joins the run in progress, and never rejects (a failure goes to `onError` and
 * counts 0; the next tick retries); `stop` ends the ticks and waits for the run in progress. The timer does not keep
 * the process alive.
 */
export class IntervalTicker {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private stopped = false;

  /** `work(now)` answers how many things it started; `onError` logs a failed run. */
  constructor(
    private readonly work: (now: Date) => Promise<number>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** True once {@link stop} was called: long runs check it between their steps. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Tick every `intervalMs` milliseconds from now on. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  /** Run `work` now (or join the run in progress); 0 once stopped. */
  tick(now = new Date()): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.ticking ??= this.work(now)
      .catch((error: unknown) => {
        this.onError(error);
        return 0;
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /** Stop ticking and wait for the run in progress. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
