import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runLoad, type LoadRunOptions, type LoadRunResult } from './load-run';

/** A load generator running in a process of its own; `run` may be called again once the previous run ended. */
export interface LoadProcess {
  /** One {@link runLoad} in the child; rejects with the child's error message, or when the child exits. */
  run(options: LoadRunOptions): Promise<LoadRunResult>;
  close(): Promise<void>;
}

type Reply = { ok: true; result: LoadRunResult } | { ok: false; error: string };

/**
 * Starts this file as a child process (node IPC) that runs autocannon for the benchmark, so the load generator does
 * not share an event loop with the servers under test: a client elsewhere costs a server nothing but its requests,
 * and autocannon in the servers' process added its own work to every latency measured (as in the issue's figures,
 * which were taken with the load generator apart). One child serves every run, one at a time.
 */
export function startLoadProcess(): LoadProcess {
  const child: ChildProcess = fork(__filename, [], {
    execArgv: ['-r', path.join(__dirname, '..', '..', 'register.js')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: { resolve: (r: LoadRunResult) => void; reject: (e: Error) => void } | null = null;
  child.on('message', (reply: Reply) => {
    const waiting = pending;
    pending = null;
    if (!waiting) return;
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new Error(`load generator: ${reply.error}`));
  });
  child.on('error', (error) => {
    pending?.reject(new Error(`load generator: ${error.message}`));
    pending = null;
  });
  child.on('exit', (code, signal) => {
    pending?.reject(new Error(`the load generator exited (code ${code}, signal ${signal}) during a run`));
    pending = null;
  });
  return {
    run: (options) =>
      new Promise<LoadRunResult>((resolve, reject) => {
        if (pending) return reject(new Error('the load generator is already running'));
        if (child.exitCode !== null || child.signalCode !== null)
          return reject(new Error('the load generator has exited'));
        pending = { resolve, reject };
        child.send(options);
      }),
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.disconnect();
      }),
  };
}

if (require.main === module && process.send) {
  process.on('message', (options: LoadRunOptions) => {
    runLoad(options).then(
      (result) => process.send!({ ok: true, result } satisfies Reply),
      (error: unknown) =>
        process.send!({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
  // the parent's disconnect() ends this process once no run is active
  process.on('disconnect', () => process.exit(0));
}
