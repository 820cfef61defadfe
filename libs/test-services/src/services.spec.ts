import net from 'node:net';
import { ensureTestServices, probe, type TestServiceSpec } from './services';
import { describeWith, unreachableReason } from './index';

/** A port that nothing listens on: bound, read, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('test services', () => {
  it('probe answers null for a listening port and the error code for a closed one', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await probe('127.0.0.1', port)).toBeNull();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await probe('127.0.0.1', await closedPort())).toBe('ECONNREFUSED');
  });

  it('reports a server that is down and cannot be started, in one line with its address', async () => {
    const port = await closedPort();
    const spec: TestServiceSpec = { service: 'redis', label: 'Redis', host: '127.0.0.1', port, start: () => null };
    expect(await ensureTestServices([spec])).toEqual({
      redis: `Redis unreachable at 127.0.0.1:${port} (ECONNREFUSED; no start command on this machine)`,
    });
  });

  it('starts a server that is down with its start command', async () => {
    const port = await closedPort();
    const script = `require('net').createServer((s) => s.end()).listen(${port}, '127.0.0.1'); setTimeout(() => process.exit(0), 3000)`;
    const spec: TestServiceSpec = {
      service: 'postgresql',
      label: 'stand-in',
      host: '127.0.0.1',
      port,
      start: () => ({
        command: 'sh',
        args: ['-c', `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)} >/dev/null 2>&1 &`],
      }),
    };
    expect(await ensureTestServices([spec])).toEqual({});
  });

  it('describeWith skips, and unreachableReason explains, only what the global setup found down', () => {
    const env = {
      NLQ_TEST_UNREACHABLE: JSON.stringify({ mariadb: 'MariaDB unreachable at 127.0.0.1:3306 (ECONNREFUSED)' }),
    };
    expect(unreachableReason('mariadb', env)).toBe('MariaDB unreachable at 127.0.0.1:3306 (ECONNREFUSED)');
    expect(unreachableReason('redis', env)).toBeNull();
    expect(unreachableReason('redis', {})).toBeNull();
    expect(describeWith()).toBe(describe);
  });
});
