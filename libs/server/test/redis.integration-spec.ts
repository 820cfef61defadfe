/**
 * Two api replicas sharing REDIS_URL (the real Redis on 127.0.0.1:6379) and one state database file, over real
 * HTTP and real WebSockets (docs/architecture.md "State and scale"): an answer computed on replica A is a cache hit on replica
 * B for the same session (and only for it), a /ws/live client on B hears the events of a question asked on A
 * exactly once, the Redis connections close with the app, and a REDIS_URL that nothing answers stops the start
 * with a message naming REDIS_URL. Only this run's cache keys (its session ids) are removed afterwards. Skips with
 * a printed reason when Redis is unreachable.
 */
import { connectionCachePrefix } from '@nlq/pipeline';
import type { Redis } from 'ioredis';
import net from 'node:net';
import { closeRedis, connectRedis, RedisUnavailableError } from '../src/platform/cache/redis-connection';
import { REDIS_CLIENTS, type RedisClients } from '../src/platform/cache/redis.module';
import { RedisResultCache } from '../src/platform/cache/redis-result-cache';
import { openLive, type LiveSocket } from '../src/testing/api-live-client';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';
import { describeWith } from '@nlq/test-services';

const REDIS = 'redis://127.0.0.1:6379';
const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';
const QUESTION = 'How many customers are there?';

describeWith('redis')('two api replicas sharing Redis', () => {
  const dataDir = makeDataDir();
  const sessions: string[] = [];
  let redis: Redis | null = null;
  let a: TestApp | null = null;
  let b: TestApp | null = null;
  const api = (t: TestApp, route: string, key: string, body?: unknown) =>
    call(`${t.url}${route}`, { body, headers: { 'x-api-key': key } });

  beforeAll(async () => {
    try {
      redis = await connectRedis(REDIS, { name: 'api-test', timeoutMs: 2000 });
    } catch (error) {
      console.warn(`Skipping the two-replica Redis tests: ${REDIS} unreachable (${(error as Error).message})`);
      return;
    }
    const env = { DATA_DIR: dataDir, REDIS_URL: REDIS, SERVICE_API_KEY: SERVICE, USER_API_KEYS: `alice:${ALICE}` };
    a = await startTestApp(env);
    b = await startTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      // only this run's entries: the default connection's keys of the sessions it created
      const cache = new RedisResultCache(redis);
      for (const sid of sessions) await cache.clear(`${connectionCachePrefix('default')}${encodeURIComponent(sid)}:`);
      await closeRedis(redis);
    }
    removeDataDir(dataDir);
  });

  it('answers on B from the cache that A filled, for the same session only', async () => {
    if (!a || !b) return;
    const first = await api(a, '/api/chat', ALICE, { question: QUESTION });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, cached: false, kind: 'read' });
    const sid = first.body.session_id as string;
    sessions.push(sid);

    const again = await api(b, '/api/chat', ALICE, { question: QUESTION, session_id: sid });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      cached: true,
      session_id: sid,
      sql: first.body.sql,
      columns: first.body.columns,
      rows: first.body.rows,
    });
    const trace = await api(b, `/api/traces/${again.body.trace_id}`, ALICE);
    expect(trace.body.spans.find((s: { name: string }) => s.name === 'cache')).toMatchObject({
      outcome: 'hit',
      detail: { match: 'exact' },
    });

    // another session of the same user is not served from that entry
    const other = await api(b, '/api/chat', ALICE, { question: QUESTION });
    sessions.push(other.body.session_id);
    expect(other.body).toMatchObject({ success: true, cached: false });
    expect(other.body.session_id).not.toBe(sid);
  });

  it('sends a /ws/live client on B the events of a question asked on A, exactly once', async () => {
    if (!a || !b) return;
    let onA: LiveSocket | null = null;
    let onB: LiveSocket | null = null;
    try {
      onA = await openLive(a.url, ALICE);
      onB = await openLive(b.url, ALICE);
      await onA.waitFor((m) => m.type === 'ready');
      await onB.waitFor((m) => m.type === 'ready');

      const asked = await api(a, '/api/chat', ALICE, { question: 'How many products are there?' });
      expect(asked.body.success).toBe(true);
      const sid = asked.body.session_id as string;
      const traceId = asked.body.trace_id as string;
      sessions.push(sid);
      const answer = await onB.waitFor((m) => m.type === 'answer.ready' && m.sessionId === sid);
      expect(answer).toMatchObject({
        sessionId: sid,
        userId: 'alice',
        traceId,
        data: expect.objectContaining({ success: true }),
      });
      await onA.waitFor((m) => m.type === 'answer.ready' && m.sessionId === sid);
      // let any duplicate arrive before counting
      await new Promise((resolve) => setTimeout(resolve, 300));

      const onBEvents = onB.messages.filter((m) => m.sessionId === sid);
      const onAEvents = onA.messages.filter((m) => m.sessionId === sid);
      expect(onBEvents.filter((m) => m.type === 'answer.ready')).toHaveLength(1);
      expect(new Set(onBEvents.map((m) => JSON.stringify(m))).size).toBe(onBEvents.length);
      // B heard exactly what A's own client heard, in the same order
      expect(onBEvents).toEqual(onAEvents);
      // one stage.started and one stage.finished per span of the trace
      const trace = await api(b, `/api/traces/${traceId}`, ALICE);
      const spanNames = trace.body.spans.map((s: { name: string }) => s.name);
      expect(onBEvents.filter((m) => m.type === 'stage.started').map((m) => m.data.stage)).toEqual(spanNames);
      expect(onBEvents.filter((m) => m.type === 'stage.finished').map((m) => m.data.stage)).toEqual(spanNames);
    } finally {
      onA?.close();
      onB?.close();
    }
  });

  it('closes its Redis connections when the app closes', async () => {
    if (!a) return;
    const clients = a.app.get<RedisClients>(REDIS_CLIENTS);
    expect(clients.commands.status).toBe('ready');
    expect(clients.subscriber.status).toBe('ready');
    await a.close();
    a = null;
    expect(clients.commands.status).toBe('end');
    expect(clients.subscriber.status).toBe('end');
  });
});

describe('REDIS_URL that nothing answers', () => {
  it('stops the start after retrying for 5 s, with a message naming REDIS_URL', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const dataDir = makeDataDir();
    try {
      const started = Date.now();
      const failure = startTestApp({
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        SERVICE_API_KEY: SERVICE,
        LOG_LEVEL: 'silent',
      });
      await expect(failure).rejects.toThrow(RedisUnavailableError);
      await expect(failure).rejects.toThrow(`REDIS_URL: cannot reach Redis at redis://127.0.0.1:${port} within 5 s`);
      // It retried for its 5 s and then gave up (the upper bound only guards against hanging: a loaded machine
      // adds seconds of start-up work around the retry window).
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
