import { describeWith } from '@nlq/test-services';
import { closeRedis } from '../cache/redis-connection';
import { connectRedisClients, type RedisClients } from '../cache/redis.module';
import { SharedNearDuplicateIndex } from './shared-near-duplicate-index';

const SCOPE = { connectionId: 'shop', sessionId: 's1', userId: 'alice' };
const ENTRY = { question: 'List all customers', sql: 'SELECT * FROM customers', modelId: 'm:1', schemaVersion: 'v1' };

describeWith('redis')('SharedNearDuplicateIndex over real Redis', () => {
  let clients: RedisClients[] = [];
  let a: SharedNearDuplicateIndex;
  let b: SharedNearDuplicateIndex;

  beforeAll(async () => {
    clients = await Promise.all([
      connectRedisClients('redis://127.0.0.1:6379/0'),
      connectRedisClients('redis://127.0.0.1:6379/0'),
    ]);
    a = new SharedNearDuplicateIndex({ ttlSeconds: 300 }, clients[0], 'replica-a');
    b = new SharedNearDuplicateIndex({ ttlSeconds: 300 }, clients[1], 'replica-b');
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    for (const c of clients) await Promise.all([closeRedis(c.commands), closeRedis(c.subscriber)]);
  });

  it('a question remembered on one replica is found on the other, in the same scope only', async () => {
    a.remember(SCOPE, ENTRY);
    const deadline = Date.now() + 2000;
    while (!b.find(SCOPE, 'show me the customers', 'm:1', 'v1') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(b.find(SCOPE, 'show me the customers', 'm:1', 'v1')).toMatchObject({
      sql: ENTRY.sql,
      question: ENTRY.question,
    });
    expect(b.find({ ...SCOPE, userId: 'mallory' }, 'show me the customers', 'm:1', 'v1')).toBeNull();
    expect(b.find(SCOPE, 'show me the customers', 'm:1', 'v2')).toBeNull();
    // and back, without echoing a replica's own message into itself twice
    b.remember(SCOPE, { ...ENTRY, question: 'How many orders are there', sql: 'SELECT COUNT(*) FROM orders' });
    const back = Date.now() + 2000;
    while (!a.find(SCOPE, 'how many orders are there?', 'm:1', 'v1') && Date.now() < back)
      await new Promise((r) => setTimeout(r, 20));
    expect(a.find(SCOPE, 'how many orders are there?', 'm:1', 'v1')?.sql).toBe('SELECT COUNT(*) FROM orders');
  });
});
