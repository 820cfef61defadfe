/**
 * RedisEventBus against the real Redis on 127.0.0.1:6379, as two replicas (two buses, each with its own publisher
 * and subscriber connections) on a channel unique to this run: every listener hears every replica's event exactly
 * once, unsubscribe and stop end delivery, junk on the channel and throwing listeners are contained, and publish on
 * a closed connection neither throws nor delivers. Skips with a printed reason when Redis is unreachable.
 */
import type { LiveEvent } from '@nlq/contracts';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { closeRedis, connectRedis } from '../cache/redis-connection';
import { RedisEventBus } from './redis-event-bus';
import { describeWith } from '@nlq/test-services';

const REDIS = 'redis://127.0.0.1:6379';

function event(n: number, sessionId = 's1'): LiveEvent {
  return {
    type: 'stage.started',
    sessionId,
    userId: 'alice',
    traceId: `t${n}`,
    at: new Date(0).toISOString(),
    data: { stage: 'intake', n },
  };
}

/** Resolves once `received` holds an event with traceId `traceId`, else rejects after `ms`. */
async function until(received: LiveEvent[], traceId: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!received.some((e) => e.traceId === traceId)) {
    if (Date.now() > deadline) throw new Error(`event ${traceId} not received within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeWith('redis')('RedisEventBus (real Redis)', () => {
  const channel = `nlq:test:${randomUUID()}:live`;
  const connections: Redis[] = [];
  let reachable = true;
  const logLines: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({ write: (chunk, _enc, done) => (logLines.push(chunk.toString()), done()) }),
  );

  /** A started bus on its own two connections (one "replica"). */
  async function replica(): Promise<RedisEventBus> {
    const publisher = await connectRedis(REDIS, { name: 'bus-test-pub', timeoutMs: 2000 });
    const subscriber = await connectRedis(REDIS, { name: 'bus-test-sub', timeoutMs: 2000 });
    connections.push(publisher, subscriber);
    const bus = new RedisEventBus(publisher, subscriber, { channel, logger });
    await bus.start();
    return bus;
  }

  beforeAll(async () => {
    try {
      connections.push(await connectRedis(REDIS, { name: 'bus-test', timeoutMs: 2000 }));
    } catch (error) {
      reachable = false;
      console.warn(`Skipping the RedisEventBus tests: ${REDIS} unreachable (${(error as Error).message})`);
    }
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => closeRedis(c)));
  });

  it('delivers each replica’s events once to every listener of every replica, own events included', async () => {
    if (!reachable) return;
    const a = await replica();
    const b = await replica();
    const heardA: LiveEvent[] = [];
    const heardB: LiveEvent[] = [];
    const heardB2: LiveEvent[] = [];
    a.subscribe((e) => heardA.push(e));
    b.subscribe((e) => heardB.push(e));
    const off = b.subscribe((e) => heardB2.push(e));

    a.publish(event(1));
    b.publish(event(2));
    a.publish(event(3));
    // the same publisher's later event arrives after its earlier ones: once t3 and t4 are in, t1..t2 are too
    b.publish(event(4));
    for (const heard of [heardA, heardB, heardB2]) {
      await until(heard, 't3');
      await until(heard, 't4');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const heard of [heardA, heardB, heardB2]) {
      expect(heard.map((e) => e.traceId).sort()).toEqual(['t1', 't2', 't3', 't4']);
    }
    expect(heardA.find((e) => e.traceId === 't1')).toEqual(event(1));
    // nothing is delivered locally before it went through Redis: publish itself is not a delivery
    const before = heardA.length;
    a.publish(event(5));
    expect(heardA.length).toBe(before);
    await until(heardA, 't5');

    off();
    b.publish(event(6));
    await until(heardB, 't6');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardB2.some((e) => e.traceId === 't6')).toBe(false);
    expect(heardA.filter((e) => e.traceId === 't6')).toHaveLength(1);

    await b.stop();
    a.publish(event(7));
    await until(heardA, 't7');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardB.some((e) => e.traceId === 't7')).toBe(false);
    await a.stop();
  });

  it('ignores junk on the channel and isolates a throwing listener', async () => {
    if (!reachable) return;
    const bus = await replica();
    const heard: LiveEvent[] = [];
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    bus.subscribe((e) => heard.push(e));
    await connections[0].publish(channel, '{not json');
    await connections[0].publish(channel, JSON.stringify({ no: 'type' }));
    bus.publish(event(8));
    await until(heard, 't8');
    expect(heard).toEqual([event(8)]);
    expect(logLines.some((l) => l.includes('not JSON'))).toBe(true);
    expect(logLines.some((l) => l.includes('not an event'))).toBe(true);
    await bus.stop();
  });

  it('never throws from publish when Redis cannot take the event: it logs and drops it', async () => {
    if (!reachable) return;
    const publisher = await connectRedis(REDIS, { name: 'bus-test-closed', timeoutMs: 2000 });
    const subscriber = await connectRedis(REDIS, { name: 'bus-test-closed-sub', timeoutMs: 2000 });
    connections.push(subscriber);
    const bus = new RedisEventBus(publisher, subscriber, { channel, logger });
    await bus.start();
    const heard: LiveEvent[] = [];
    bus.subscribe((e) => heard.push(e));
    await closeRedis(publisher);
    logLines.length = 0;
    expect(() => bus.publish(event(9))).not.toThrow();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => bus.publish({ ...event(10), data: circular })).not.toThrow();
    const deadline = Date.now() + 3000;
    while (logLines.filter((l) => l.includes('dropped')).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logLines.filter((l) => l.includes('not published to redis; dropped'))).toHaveLength(1);
    expect(logLines.filter((l) => l.includes('not serialisable; dropped'))).toHaveLength(1);
    expect(heard).toEqual([]);
    await bus.stop();
  });
});
