import type { HistoryEntry, Trace } from '@nlq/contracts';
import type { StateRecords, StateStore } from './ports';

interface Waiting {
  history: HistoryEntry[];
  traces: Trace[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit of what a request records (history entries and its trace): the guarantee is that `record` resolves
 * only once its records are committed in the state store, so an answer is never sent before its history entry and
 * trace are stored (a process killed with SIGKILL right after replying has lost nothing it replied about:
 * libs/server/src/platform/pipeline/record-durability.integration-spec.ts). What it saves is the cost of one commit per
 * request: the records of every request that ends while a batch is being written go together in the next batch,
 * one `StateStore.appendRecords` call (one transaction), so under load one commit serves many requests and the
 * state store's queue (one connection on SQLite) holds one job instead of two per request.
 *
 * A batch the store refuses is retried record by record, so one bad record fails only its own request. Without
 * `appendRecords` the batcher calls appendHistory / saveTrace per record (still started together).
 */
export class RecordBatcher {
  private pending: Waiting[] = [];
  private writing: Promise<void> | null = null;
  private idle: Array<() => void> = [];

  /** @param maxBatch records (history entries + traces) written in one call at most (default 256). */
  constructor(
    private readonly store: StateStore,
    private readonly maxBatch = 256,
  ) {}

  /** Records queued or being written (0 when everything is committed). */
  get backlog(): number {
    return this.pending.length + (this.writing ? 1 : 0);
  }

  /**
   * Queue `history` entries (stored in this order) and `traces`; resolves once they are committed, rejects with
   * the store's error when they could not be.
   */
  record(history: HistoryEntry[], traces: Trace[] = []): Promise<void> {
    if (history.length === 0 && traces.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ history, traces, resolve, reject });
      if (!this.writing) this.writing = this.drainLoop();
    });
  }

  /** Resolves once nothing is queued or being written (graceful shutdown calls it before closing the store). */
  flush(): Promise<void> {
    if (!this.writing && this.pending.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private async drainLoop(): Promise<void> {
    // Let the requests ending in this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.take();
      await this.write(batch);
    }
    this.writing = null;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private take(): Waiting[] {
    let size = 0;
    let n = 0;
    while (
      n < this.pending.length &&
      (n === 0 || size + this.pending[n].history.length + this.pending[n].traces.length <= this.maxBatch)
    ) {
      size += this.pending[n].history.length + this.pending[n].traces.length;
      n++;
    }
    return this.pending.splice(0, n);
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (this.store.appendRecords) {
      const records: StateRecords = {
        history: batch.flatMap((w) => w.history),
        traces: batch.flatMap((w) => w.traces),
      };
      try {
        await this.store.appendRecords(records);
        for (const w of batch) w.resolve();
        return;
      } catch (error) {
        if (batch.length === 1) {
          batch[0].reject(error);
          return;
        }
        // one record may be the culprit: retry each request's records on its own
      }
      await Promise.all(
        batch.map((w) => this.store.appendRecords!({ history: w.history, traces: w.traces }).then(w.resolve, w.reject)),
      );
      return;
    }
    await Promise.all(batch.map((w) => this.writeOne(w).then(w.resolve, w.reject)));
  }

  private async writeOne(w: Waiting): Promise<void> {
    for (const entry of w.history) await this.store.appendHistory(entry);
    for (const trace of w.traces) await this.store.saveTrace(trace);
  }
}
