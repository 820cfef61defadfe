import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { DatabaseError } from '../errors';
import { mapSqliteError } from './sqlite.errors';
import { SQLITE_CHILD_SOURCE } from './sqlite-child.source';

/** Error as the child reports it (better-sqlite3's `code` such as SQLITE_READONLY, and message). */
export interface ChildError {
  code?: string;
  message: string;
}

interface Slot {
  proc: ChildProcess;
  ready: Promise<void>;
  isReady: boolean;
  dead: boolean;
  /** Requests sent (or to be sent once ready) to this child, in the order it runs them; [0] is running. */
  inflight: Task[];
  /** Timer of inflight[0]: armed when it starts running (see {@link SqliteProcessPool}). */
  timer?: NodeJS.Timeout;
}

interface Task {
  id: number;
  message: Record<string, unknown>;
  timeoutMs: number;
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** Settings of one {@link SqliteProcessPool}. */
export interface SqliteProcessPoolOptions {
  /** Absolute database file path. */
  file: string;
  /** `ro`: handle opened readonly (reads); `rw`: read-write handle (writes). */
  mode: 'ro' | 'rw';
  /** Child processes at most (each runs one statement at a time). */
  size: number;
  /**
   * Requests sent ahead to one child, at most, counting the one it runs (default 1: no pipelining). With more, a
   * child starts its next statement as soon as one ends instead of waiting for the parent's event loop to read the
   * reply and send the next; a request waits behind at most `pipelineDepth - 1` others in its child.
   */
  pipelineDepth?: number;
  /** SQLite busy timeout (waiting on another connection's lock), milliseconds. */
  busyTimeoutMs: number;
}

/**
 * Read processes for a pool when none is configured: one per core the process may use
 * (`os.availableParallelism()`), at least 2 (so one runaway statement never stalls every read) and at most 8.
 */
export function defaultSqliteReadProcesses(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.min(8, Math.max(2, cores));
}

/**
 * A small pool of child processes, each holding one better-sqlite3 handle (see sqlite-child.source.ts), that runs
 * statements with a real timeout: when a statement outlives its timeout the child is killed (SIGKILL) and
 * replaced, and the caller gets DatabaseError('timeout').
 *
 * Requests are pipelined: up to `pipelineDepth` go to one child ahead of time and it runs them one after the
 * other, in order, replying to each as it ends. A request goes to the live child with the fewest requests
 * outstanding (a new child is started while fewer than `size` run and every child has work). The timeout of a
 * request runs from the moment it starts in its child: when it was sent to an idle child, or when the reply of
 * the request before it in that child arrives. When a request times out (or its child dies), the requests queued
 * behind it in that child have not started: they go back to the front of the pool's queue and run elsewhere.
 *
 * Why processes and not worker_threads: better-sqlite3 is synchronous and SQLite's interrupt and progress
 * handler are not exposed (built with SQLITE_OMIT_PROGRESS_CALLBACK), and Worker.terminate() only stops
 * JavaScript: measured here, a worker inside a long sqlite3_step keeps a core busy after terminate() and even
 * blocks process.exit(). Killing a process always stops the statement.
 *
 * Idle children do not keep the Node event loop alive (their IPC channel is unref'd while idle).
 */
export class SqliteProcessPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly depth: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: SqliteProcessPoolOptions) {
    this.depth = Math.max(1, Math.floor(options.pipelineDepth ?? 1));
  }

  /** Starts one child (if none runs) and waits until its handle is open; rejects with kind `connection` if not. */
  async warm(): Promise<void> {
    if (this.closed) throw new DatabaseError('connection', 'SQLite driver is closed');
    const slot = this.slots.find((s) => !s.dead) ?? this.spawnSlot();
    await slot.ready;
  }

  /**
   * Queues one request and resolves with the child's reply. The timeout (milliseconds) runs from the moment the
   * request starts in its child. Rejects with DatabaseError: `timeout`, `connection` (child died or pool closed),
   * or the mapped SQLite error.
   */
  request(message: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new DatabaseError('connection', 'SQLite driver is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, message, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  /** Kills every child and rejects queued and outstanding requests. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new DatabaseError('connection', 'SQLite driver closed');
    for (const task of this.queue.splice(0)) task.reject(closedError());
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      for (const task of slot.inflight.splice(0)) task.reject(closedError());
    }
    const exits = this.slots.map((slot) => this.kill(slot));
    this.slots.length = 0;
    // The children are unref'd so an idle pool never holds the process open; while closing, a ref'd timer keeps
    // Node alive until they have exited, so `await driver.close()` always returns before the process can end.
    const keepAlive = setInterval(() => undefined, 1_000);
    try {
      await Promise.all(exits);
    } finally {
      clearInterval(keepAlive);
    }
  }

  private dispatch(): void {
    if (this.closed) return;
    while (this.queue.length) {
      let best: Slot | undefined;
      for (const s of this.slots) {
        if (!s.dead && s.inflight.length < this.depth && (!best || s.inflight.length < best.inflight.length)) best = s;
      }
      if ((!best || best.inflight.length > 0) && this.slots.length < this.options.size) best = this.spawnSlot();
      if (!best) return;
      this.assign(best, this.queue.shift()!);
    }
  }

  private assign(slot: Slot, task: Task): void {
    slot.inflight.push(task);
    if (slot.inflight.length === 1) slot.proc.channel?.ref();
    if (!slot.isReady) return; // sent by the ready handler
    slot.proc.send({ ...task.message, id: task.id });
    if (slot.inflight.length === 1) this.armHead(slot);
  }

  /** Starts the timeout of the request now running in `slot` (inflight[0]). */
  private armHead(slot: Slot): void {
    clearTimeout(slot.timer);
    const task = slot.inflight[0];
    if (!task) return;
    slot.timer = setTimeout(() => {
      if (slot.inflight[0] !== task) return;
      slot.inflight.shift();
      this.retire(slot);
      task.reject(
        new DatabaseError('timeout', `Statement exceeded the ${task.timeoutMs} ms timeout and was cancelled`),
      );
      if (!this.closed && this.slots.length < this.options.size) this.spawnSlot(); // a warm replacement
      this.dispatch();
    }, task.timeoutMs);
  }

  private onReply(slot: Slot, reply: Record<string, unknown>): void {
    const task = slot.inflight[0];
    if (!task || reply.id !== task.id) return;
    slot.inflight.shift();
    clearTimeout(slot.timer);
    slot.timer = undefined;
    if (slot.inflight.length) this.armHead(slot);
    else slot.proc.channel?.unref();
    if (reply.ok) task.resolve(reply);
    else task.reject(mapSqliteError(reply.error as ChildError));
    this.dispatch();
  }

  /** Takes `slot` out of the pool and kills it; requests queued behind its running one go back to the queue. */
  private retire(slot: Slot): void {
    clearTimeout(slot.timer);
    this.removeSlot(slot);
    this.queue.unshift(...slot.inflight.splice(0));
    void this.kill(slot);
  }

  private spawnSlot(): Slot {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NLQ_SQLITE_MODULE: require.resolve('better-sqlite3'),
      NLQ_SQLITE_FILE: this.options.file,
      NLQ_SQLITE_MODE: this.options.mode,
      NLQ_SQLITE_BUSY_MS: String(this.options.busyTimeoutMs),
    };
    delete env.NODE_OPTIONS; // a parent's --require hooks (test runners, loaders) do not belong in the child
    const proc = spawn(process.execPath, ['-e', SQLITE_CHILD_SOURCE], {
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    proc.unref();
    const slot: Slot = { proc, isReady: false, dead: false, inflight: [], ready: Promise.resolve() };
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type?: string; id?: unknown; error?: ChildError }) => {
        if (m.type === 'ready') {
          slot.isReady = true;
          resolve();
          if (slot.dead) return;
          for (const task of slot.inflight) proc.send({ ...task.message, id: task.id });
          if (slot.inflight.length) this.armHead(slot);
          else proc.channel?.unref();
        } else if (m.type === 'fatal') {
          const mapped = mapSqliteError(m.error ?? { message: 'cannot open database' });
          const error = new DatabaseError(
            'connection',
            `Cannot open SQLite database ${this.options.file}: ${mapped.message}`,
            mapped.engineCode,
          );
          this.removeSlot(slot);
          for (const task of slot.inflight.splice(0)) task.reject(error);
          reject(error);
        } else if (m.id !== undefined) {
          this.onReply(slot, m as Record<string, unknown>);
        }
      };
      proc.on('message', onMessage);
      proc.once('error', (e) => {
        const error = new DatabaseError('connection', `Cannot start SQLite process: ${e.message}`);
        this.removeSlot(slot);
        for (const task of slot.inflight.splice(0)) task.reject(error);
        reject(error);
      });
      proc.once('exit', (code, signal) => {
        reject(
          new DatabaseError('connection', `SQLite process exited before it was ready (code ${code}, signal ${signal})`),
        );
      });
    });
    slot.ready.catch(() => undefined);
    proc.once('exit', () => {
      clearTimeout(slot.timer);
      this.removeSlot(slot);
      const running = slot.inflight.shift();
      // The requests behind the running one never started: they run on another child.
      this.queue.unshift(...slot.inflight.splice(0));
      running?.reject(new DatabaseError('connection', 'SQLite process exited unexpectedly'));
      if (!this.closed) this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }

  private removeSlot(slot: Slot): void {
    slot.dead = true;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private kill(slot: Slot): Promise<void> {
    slot.dead = true;
    const { proc } = slot;
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }
}
