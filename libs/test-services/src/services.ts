import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** The local servers the integration tests talk to. */
export type TestService = 'postgresql' | 'mariadb' | 'redis';

/** How to reach, name and (on Debian, as root) start one local test server. */
export interface TestServiceSpec {
  service: TestService;
  label: string;
  host: string;
  port: number;
  /** The Debian command that starts the server when it is down (STACK-NOTES.md "Services"), or null. */
  start: () => { command: string; args: string[] } | null;
}

const PG_CLUSTERS = '/etc/postgresql';

/**
 * The three servers, at the addresses the tests use (docs/operations.md "Tests"). Start commands are the ones of STACK-NOTES.md;
 * each is used only when its program exists on the machine.
 */
export const TEST_SERVICES: readonly TestServiceSpec[] = [
  {
    service: 'postgresql',
    label: 'PostgreSQL',
    host: '127.0.0.1',
    port: 5432,
    start: () => {
      if (!fs.existsSync('/usr/bin/pg_ctlcluster') || !fs.existsSync(PG_CLUSTERS)) return null;
      const version = fs.readdirSync(PG_CLUSTERS).sort()[0];
      return version
        ? { command: 'pg_ctlcluster', args: ['--skip-systemctl-redirect', version, 'main', 'start'] }
        : null;
    },
  },
  {
    service: 'mariadb',
    label: 'MariaDB',
    host: '127.0.0.1',
    port: 3306,
    start: () =>
      fs.existsSync('/usr/sbin/mariadbd') && fs.existsSync('/sbin/start-stop-daemon')
        ? {
            command: 'start-stop-daemon',
            args: ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd'],
          }
        : null,
  },
  {
    service: 'redis',
    label: 'Redis',
    host: '127.0.0.1',
    port: 6379,
    start: () =>
      fs.existsSync('/usr/bin/redis-server')
        ? {
            command: 'redis-server',
            args: [
              '--daemonize',
              'yes',
              '--bind',
              '127.0.0.1',
              '-::1',
              '--port',
              '6379',
              '--save',
              '',
              '--appendonly',
              'no',
              '--dir',
              '/tmp',
            ],
          }
        : null,
  },
];

/** Environment variable carrying `{ service: reason }` for unreachable servers from the global setup to the tests. */
export const UNREACHABLE_ENV = 'NLQ_TEST_UNREACHABLE';

/**
 * Resolves null when a TCP connection to host:port opens within `timeoutMs`, else the reason (e.g. ECONNREFUSED).
 */
export function probe(host: string, port: number, timeoutMs = 1500): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (reason: string | null) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
    socket.once('connect', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** Runs a start command, resolving with its error text or null; never rejects. */
function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 30_000 }, (error, _stdout, stderr) =>
      resolve(error ? (stderr || error.message).trim() : null),
    );
  });
}

/**
 * Makes sure each test server is reachable: probes it and, when it is down and its Debian start command exists,
 * starts it and waits up to 20 s. Resolves with `{ service: reason }` for those still unreachable.
 */
export async function ensureTestServices(
  services: readonly TestServiceSpec[] = TEST_SERVICES,
): Promise<Partial<Record<TestService, string>>> {
  const unreachable: Partial<Record<TestService, string>> = {};
  await Promise.all(
    services.map(async (spec) => {
      const first = await probe(spec.host, spec.port);
      if (first === null) return;
      const start = spec.start();
      if (!start) {
        unreachable[spec.service] =
          `${spec.label} unreachable at ${spec.host}:${spec.port} (${first}; no start command on this machine)`;
        return;
      }
      const startError = await run(start.command, start.args);
      for (let waited = 0; waited < 20_000; waited += 500) {
        if ((await probe(spec.host, spec.port)) === null) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      unreachable[spec.service] =
        `${spec.label} unreachable at ${spec.host}:${spec.port} (${first}; \`${start.command} ${start.args.join(' ')}\` ${startError ? `failed: ${startError}` : 'did not bring it up'})`;
    }),
  );
  return unreachable;
}
