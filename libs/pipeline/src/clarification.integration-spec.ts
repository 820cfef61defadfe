/**
 * Clarifying questions through the pipeline on real SQLite: a provider asking back ends the request
 * with the question and numbered options (nothing executed, status clarification), and the session's next request
 * answers the chosen reading, by option id, by its number or words, while a new question leaves it behind.
 */
import { createDriver, type DatabaseDriver } from '@nlq/db-drivers';
import { SCRATCH_ENGINES, type ScratchDatabase } from '@nlq/db-drivers/testing';
import { ClarificationNeededError, type SqlGenerationRequest } from '@nlq/llm-providers';
import { NoSuchClarificationError } from './errors';
import type { InMemoryEventBus } from './event-bus';
import type { QueryPipeline } from './query-pipeline';
import type { InMemoryStateStore } from './testing/in-memory-state-store';
import { ScriptedLlmProvider } from './testing/scripted-llm-provider';
import { scriptedPipeline } from './testing/scripted-pipeline';

jest.setTimeout(30_000);

const sqlite = SCRATCH_ENGINES.find((e) => e.name === 'sqlite')!;

describe('clarifying questions through the pipeline', () => {
  let db: ScratchDatabase;
  let driver: DatabaseDriver;
  let asked: string[];
  let pipeline: QueryPipeline;
  let store: InMemoryStateStore;
  let events: InMemoryEventBus;

  const ambiguity = new ClarificationNeededError({
    question: 'Which people in London do you mean?',
    readings: [
      { label: 'customers whose city is London', question: 'How many customers live in London?' },
      { label: 'employees whose city is London', question: 'How many employees live in London?' },
    ],
  });

  beforeAll(async () => {
    db = await sqlite.create();
    driver = createDriver(db.url);
    await driver.connect();
    for (const sql of [
      'CREATE TABLE customers (id INTEGER PRIMARY KEY, city TEXT)',
      'CREATE TABLE employees (id INTEGER PRIMARY KEY, city TEXT)',
      "INSERT INTO customers (city) VALUES ('London'), ('London'), ('Paris')",
      "INSERT INTO employees (city) VALUES ('London')",
    ])
      await driver.runWrite(sql, { timeoutMs: 5000 });
  });
  afterAll(async () => {
    await driver?.close();
    await db?.drop();
  });

  beforeEach(() => {
    asked = [];
    const provider = new ScriptedLlmProvider({
      sql: (request: SqlGenerationRequest) => {
        asked.push(request.question);
        if (/people/i.test(request.question)) throw ambiguity;
        if (/customers/i.test(request.question))
          return "SELECT COUNT(*) AS customers FROM customers WHERE city = 'London'";
        return "SELECT COUNT(*) AS employees FROM employees WHERE city = 'London'";
      },
    });
    ({ pipeline, store, events } = scriptedPipeline({ driver, provider }));
  });

  it('asks back with numbered options, executes nothing and records the clarification', async () => {
    const seen: string[] = [];
    events.subscribe((e) => void seen.push(e.type));
    const out = await pipeline.ask({ question: 'How many people are in London?', sessionId: 's1', userId: 'u' });
    expect(out).toMatchObject({ success: false, error: null, sql: '', result: null, reading: null });
    expect(out.clarification).toEqual({
      question: 'Which people in London do you mean?',
      options: [
        { id: '1', label: 'customers whose city is London', question: 'How many customers live in London?' },
        { id: '2', label: 'employees whose city is London', question: 'How many employees live in London?' },
      ],
    });
    expect(out.response).toBe(
      'Which people in London do you mean?\n1. customers whose city is London\n2. employees whose city is London\nReply with the number or the words of one option, or ask in other words.',
    );
    const [entry] = await store.listHistory('s1');
    expect(entry).toMatchObject({ status: 'clarification', sql: null, clarification: out.clarification });
    expect((await store.getTrace(out.traceId))?.spans.map((s) => s.name)).not.toContain('execute');
    expect(seen).toContain('clarification.requested');
  });

  it('an option id answers that reading', async () => {
    await pipeline.ask({ question: 'How many people are in London?', sessionId: 's2', userId: 'u' });
    const out = await pipeline.ask({ question: '', clarificationOption: '2', sessionId: 's2', userId: 'u' });
    expect(out).toMatchObject({ success: true, clarification: null });
    expect(out.result?.rows).toEqual([[1]]);
    expect(asked.at(-1)).toBe('How many employees live in London?');
    const intake = (await store.getTrace(out.traceId))?.spans.find((s) => s.name === 'intake');
    expect(intake?.detail).toMatchObject({ clarificationOption: '2', chosenReading: 'employees whose city is London' });
  });

  it('a reply of the number or the option words answers it; a new question leaves it behind', async () => {
    await pipeline.ask({ question: 'How many people are in London?', sessionId: 's3', userId: 'u' });
    expect((await pipeline.ask({ question: '1', sessionId: 's3', userId: 'u' })).result?.rows).toEqual([[2]]);
    await pipeline.ask({ question: 'How many people are in London?', sessionId: 's3', userId: 'u' });
    expect(
      (await pipeline.ask({ question: 'Employees whose city is London.', sessionId: 's3', userId: 'u' })).result?.rows,
    ).toEqual([[1]]);
    await pipeline.ask({ question: 'How many people are in London?', sessionId: 's3', userId: 'u' });
    const fresh = await pipeline.ask({
      question: 'How many customers are there in London?',
      sessionId: 's3',
      userId: 'u',
    });
    expect(asked.at(-1)).toBe('How many customers are there in London?');
    expect(fresh.result?.rows).toEqual([[2]]);
    // the clarification was answered by a new question: "2" is now just a question
    await expect(
      pipeline.ask({ question: '', clarificationOption: '2', sessionId: 's3', userId: 'u' }),
    ).rejects.toThrow(NoSuchClarificationError);
  });

  it('an option id that is not offered, or no open clarification, is refused with the reason', async () => {
    await expect(
      pipeline.ask({ question: '', clarificationOption: '1', sessionId: 'never-asked', userId: 'u' }),
    ).rejects.toThrow(/has no open clarification/);
    await pipeline.ask({ question: 'How many people are in London?', sessionId: 's4', userId: 'u' });
    await expect(
      pipeline.ask({ question: '', clarificationOption: '9', sessionId: 's4', userId: 'u' }),
    ).rejects.toThrow(/"9" is not one of the options/);
  });
});
