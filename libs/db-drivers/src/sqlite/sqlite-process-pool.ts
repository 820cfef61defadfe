import { spawn, type ChildProcess } from 'node:child_process';
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
  busy: boolean;
  dead: boolean;
  current?: Task;
}

interface Task {
  message: Record<string, unknown>;
  timeoutMs: number;
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/** Settings of one {@link SqliteProcessPool}. */
export interface SqliteProcessPoolOptions {
  /** Absolute database file path. */
  file: string;
  /** `ro`: handle opened readonly (reads); `rw`: read-write handle (writes). */
  mode: 'ro' | 'rw';
  /** Child processes at most (each runs one statement at a time). */
  size: number;
  /** SQLite busy timeout (waiting on another connection's lock), milliseconds. */
  busyTimeoutMs: number;
}

/**
 * A small pool of child processes, each holding one better-sqlite3 handle (see sqlite-child.source.ts), that runs
 * statements with a real timeout: when a statement outlives its timeout the child is killed (SIGKILL) and
 * replaced, and the caller gets DatabaseError('timeout').
 *
 * Why processes and not worker_threads: better-sqlite3 is synchronous and SQLite's interrupt and progress
 * handler are not exposed (built with SQLITE_OMIT_PROGRESS_CALLBACK), and Worker.terminate() only stops
 * JavaScript: measured here, a worker inside a long sqlite3_step keeps a core busy after terminate() and even
 * blocks process.exit(). Killing a process always stops the statement. A warm child answers a small read in
 * about 0.05 ms of IPC overhead, measured on the development machine.
 *
 * Idle children do not keep the Node event loop alive (their IPC channel is unref'd while idle).
 */
export class SqliteProcessPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: SqliteProcessPoolOptions) {}

  /** Starts one child (if none runs) and waits until its handle is open; rejects with kind `connection` if not. */
  async warm(): Promise<void> {
    if (this.closed) throw new DatabaseError('connection', 'SQLite driver is closed');
    const slot = this.slots.find((s) => !s.dead) ?? this.spawnSlot();
    await slot.ready;
  }

  /**
   * Sends one request to an idle child and resolves with its reply. The timeout runs from the moment the child
   * receives the request. Rejects with DatabaseError: `timeout`, or the mapped SQLite error.
   */
  request(message: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new DatabaseError('connection', 'SQLite driver is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ message, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  /** Kills every child and rejects queued requests. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new DatabaseError('connection', 'SQLite driver closed'));
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
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy && !s.dead);
      if (!slot) {
        if (this.slots.length >= this.options.size) return;
        slot = this.spawnSlot();
      }
      const task = this.queue.shift()!;
      this.runOn(slot, task);
    }
  }

  private runOn(slot: Slot, task: Task): void {
    slot.busy = true;
    slot.current = task;
    slot.proc.channel?.ref();
    slot.ready.then(
      () => {
        if (slot.dead || slot.current !== task) return;
        const id = this.nextId++;
        task.timer = setTimeout(() => {
          slot.current = undefined;
          void this.kill(slot);
          this.removeSlot(slot);
          task.reject(new DatabaseError('timeout', `Statement exceeded the ${task.timeoutMs} ms timeout and was cancelled`));
          if (!this.closed) this.spawnSlot(); // keep one warm
          this.dispatch();
        }, task.timeoutMs);
        const onMessage = (reply: Record<string, unknown>) => {
          if (reply.id !== id) return;
          slot.proc.off('message', onMessage);
          clearTimeout(task.timer);
          slot.current = undefined;
          slot.busy = false;
          slot.proc.channel?.unref();
          if (reply.ok) task.resolve(reply);
          else task.reject(mapSqliteError(reply.error as ChildError));
          this.dispatch();
        };
        slot.proc.on('message', onMessage);
        slot.proc.send({ ...task.message, id });
      },
      (err: Error) => {
        this.removeSlot(slot);
        task.reject(err);
        this.dispatch();
      },
    );
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
    const slot: Slot = { proc, busy: false, dead: false, ready: Promise.resolve() };
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type?: string; error?: ChildError }) => {
        if (m.type === 'ready') {
          proc.off('message', onMessage);
          if (!slot.busy) proc.channel?.unref();
          resolve();
        } else if (m.type === 'fatal') {
          proc.off('message', onMessage);
          const mapped = mapSqliteError(m.error ?? { message: 'cannot open database' });
          reject(new DatabaseError('connection', `Cannot open SQLite database ${this.options.file}: ${mapped.message}`, mapped.engineCode));
        }
      };
      proc.on('message', onMessage);
      proc.once('error', (e) => reject(new DatabaseError('connection', `Cannot start SQLite process: ${e.message}`)));
      proc.once('exit', (code, signal) => {
        reject(new DatabaseError('connection', `SQLite process exited before it was ready (code ${code}, signal ${signal})`));
      });
    });
    slot.ready.catch(() => undefined);
    proc.once('exit', () => {
      slot.dead = true;
      this.removeSlot(slot);
      const task = slot.current;
      if (task) {
        slot.current = undefined;
        clearTimeout(task.timer);
        task.reject(new DatabaseError('connection', 'SQLite process exited unexpectedly'));
      }
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
