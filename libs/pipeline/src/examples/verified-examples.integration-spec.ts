/**
 * Verified examples at question time on real SQLite, PostgreSQL and MariaDB (the latter two
 * skipped only when unreachable) with the in-memory state store: the
 * offline engine answers a question that a verified example asks with the example's SQL (and only a verified one, and
 * only that question), a model's prompt carries the examples closest to the question, and both record the examples
 * they used on the outcome and the history entry.
 */
import type { VerifiedExample } from '@nlq/contracts';
import { SCRATCH_ENGINES, useScratchDriver } from '@nlq/db-drivers/testing';
import { OfflineProvider } from '@nlq/llm-providers';
import { describeEachWith } from '@nlq/test-services';
import { verifiedExample } from '../testing/knowledge-fixtures';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { scriptedPipeline } from '../testing/scripted-pipeline';

jest.setTimeout(30_000);

const LOYAL = 'Which customers are loyal?';
const LOYAL_SQL = 'SELECT name FROM customers WHERE points > 100 ORDER BY name';

const example = (id: string, question: string, sql: string, status: VerifiedExample['status'] = 'verified') =>
  verifiedExample({ id, question, sql, status });

describeEachWith(SCRATCH_ENGINES, (e) => e.services)('verified examples at question time on $name', (engine) => {
  const scratch = useScratchDriver(engine, [
    'CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(20), country VARCHAR(20), points INTEGER)',
    "INSERT INTO customers (id, name, country, points) VALUES (1, 'Ann', 'France', 150), (2, 'Bob', 'Spain', 20), (3, 'Cy', 'France', 300)",
  ]);

  it('the offline engine answers the question a verified example asks with its SQL, and records it', async () => {
    const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider: new OfflineProvider() });
    const refused = await pipeline.ask({ question: LOYAL, sessionId: 's0', userId: 'u' });
    expect(refused).toMatchObject({ success: false, examples: [] });

    await store.verifiedExamples.insertExample(
      example('candidate-1', LOYAL, 'SELECT name FROM customers', 'candidate'),
    );
    expect(await pipeline.ask({ question: LOYAL, sessionId: 's1', userId: 'u' })).toMatchObject({ success: false });

    await store.verifiedExamples.insertExample(example('loyal-1', LOYAL, LOYAL_SQL));
    const out = await pipeline.ask({ question: 'which customer are loyal', sessionId: 's2', userId: 'u' });
    expect(out).toMatchObject({ success: true, sql: LOYAL_SQL, examples: ['loyal-1'] });
    expect(out.result?.rows).toEqual([['Ann'], ['Cy']]);
    const [entry] = await store.listHistory('s2');
    expect(entry).toMatchObject({ kind: 'query', examples: ['loyal-1'] });

    // another question is not the example's, however close: "not loyal" is read by the engine or refused, never answered by it
    const negated = await pipeline.ask({ question: 'Which customers are not loyal?', sessionId: 's3', userId: 'u' });
    expect(negated.sql).not.toBe(LOYAL_SQL);
    expect(negated.examples).toEqual([]);
    // a question the engine reads itself uses no example
    const counted = await pipeline.ask({ question: 'How many customers are there?', sessionId: 's4', userId: 'u' });
    expect(counted).toMatchObject({ success: true, examples: [] });
    expect((await store.listHistory('s4'))[0].examples).toBeUndefined();
  });

  it("a model's prompt carries the verified examples closest to the question, recorded as used", async () => {
    const provider = new ScriptedLlmProvider({
      sql: () => "SELECT COUNT(*) AS n FROM customers WHERE country = 'Spain'",
    });
    const { pipeline, store } = scriptedPipeline({ driver: scratch.driver, provider });
    await store.verifiedExamples.insertExample(
      example(
        'france',
        'How many customers are in France?',
        "SELECT COUNT(*) AS n FROM customers WHERE country = 'France'",
      ),
    );
    for (let i = 0; i < 4; i++)
      await store.verifiedExamples.insertExample(
        example(
          `other-${i}`,
          `Top ${i + 2} names by points`,
          `SELECT name FROM customers ORDER BY points DESC LIMIT ${i + 2}`,
        ),
      );
    const out = await pipeline.ask({ question: 'How many customers are in Spain?', sessionId: 'm1', userId: 'u' });
    expect(out).toMatchObject({ success: true });
    const sent = provider.sqlRequests[0].examples.map((e) => e.id);
    expect(sent[0]).toBe('france');
    expect(sent).toHaveLength(3);
    expect(out.examples).toEqual(sent);
    expect((await store.listHistory('m1'))[0].examples).toEqual(sent);
  });
});
