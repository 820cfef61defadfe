import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The api running as a real child process (`node -r tools/register.js apps/api/src/main.ts`). */
export interface ApiProcess {
  proc: ChildProcess;
  /** http://127.0.0.1:<port> once it listens. */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * Start the api in a child process with `env` over the parent's environment (PORT 0 and HOST 127.0.0.1 unless
 * given) and resolve once it prints its URL. Rejects with its output when it exits first or after `timeoutMs`.
 */
export function startApiProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ApiProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  delete childEnv.NODE_OPTIONS;
  delete childEnv.JEST_WORKER_ID;
  const proc = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`api did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const m = /nlq api listening on (http:\/\/\S+?) \(/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      resolve({ proc, url: m[1].replace('localhost', '127.0.0.1'), output: () => out, exited });
    };
    proc.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`api exited (code ${code}, signal ${signal}) before listening:\n${out}`));
    });
  });
}

/** SIGKILL the process (when still running) and wait for it to end. */
export async function killApi(api: ApiProcess): Promise<void> {
  if (api.proc.exitCode === null && api.proc.signalCode === null) api.proc.kill('SIGKILL');
  await api.exited;
}
