/**
 * Bounded question fuzz of the offline engine: thousands of adversarial questions (see
 * testing/adversarial-questions.ts) through OfflineEngine.generateSql on the shop schema and on a schema whose
 * every name is an Object.prototype key, in every dialect. Each call either writes SQL that the classifier reads as
 * one read or write statement (Snowflake DELETEs aside, see knownUnparseable), refuses with
 * OfflineRefusalError, or asks back with OfflineClarificationError (2 to 5 readings); nothing else is thrown, and every question is answered within a time bound. Deterministic: a fixed seed of the project's mulberry32 generator
 * (QUESTION_FUZZ_SEED replays another).
 */
import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { classifySql } from '@nlq/db-drivers';
import { Random } from '@nlq/sample-db';
import { OfflineClarificationError, OfflineRefusalError } from './unanswerable';
import type { EarlierTurn, OfflineSqlRequest } from './engine-types';
import { AdversarialQuestions, PROTOTYPE_KEYS, SHOP_QUESTIONS } from './testing/adversarial-questions';
import { OfflineEngine } from './offline-engine';
import { PROTOTYPE_SCHEMA } from './testing/prototype-schema.fixture';
import { SHOP_SCHEMA } from './testing/shop-schema.fixture';

jest.setTimeout(120_000);

const SEED = Number(process.env.QUESTION_FUZZ_SEED ?? 20_004);
/** Questions per schema. */
const COUNT = 2_000;
/**
 * The bound on one question, in milliseconds (the first question of a schema also builds its lexicon): it catches a
 * hang or a blow-up, not speed, which the benchmarks measure; a question takes 30-300 ms on a loaded 2-core machine.
 */
const BOUND_MS = 1_000;
const MAX_CHARS = 2_000;
const DIALECTS: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'];

interface Outcome {
  answered: number;
  refused: number;
  failures: string[];
  slowest: { ms: number; question: string };
}

/** Words of `schema`: table and column names and their stored values, for the generator's vocabulary. */
function vocabulary(schema: DatabaseSchema): string[] {
  const words = new Set<string>();
  for (const t of schema.tables) {
    words.add(t.name);
    for (const c of t.columns) {
      words.add(c.name);
      for (const v of [...(c.sampleValues ?? []), ...(c.knownValues ?? [])]) words.add(v);
    }
  }
  return [...words];
}

const show = (question: string) =>
  JSON.stringify(question.length > 160 ? `${question.slice(0, 160)}…(${question.length} chars)` : question);

/** Questions the engine answers on PROTOTYPE_SCHEMA, as the base of its mutations. */
const PROTOTYPE_QUESTIONS = [
  'How many constructor are there?',
  'show toString',
  'how many hasOwnProperty are there',
  'list isPrototypeOf in 2024',
  'how many toLocaleString last year',
  'how many __defineGetter__ per toString',
  'how many constructor where isPrototypeOf is McLaren',
  'list toString with isPrototypeOf constructor',
  'delete toString with isPrototypeOf McLaren',
  "list valueOf with __defineSetter__ 'hasOwnProperty value'",
  'how many toString per isPrototypeOf',
  'toString with valueOf over 10',
  'which toString has the largest valueOf',
  'average valueOf of toString',
];

/** Runs `COUNT` questions against `schema`; every fifth one carries an earlier turn, so follow-up reading runs too. */
async function fuzz(schema: DatabaseSchema, label: string, questions: readonly string[]): Promise<Outcome> {
  const random = Random.fork(SEED, label);
  const asked = new AdversarialQuestions(random, {
    maxChars: MAX_CHARS,
    vocabulary: vocabulary(schema),
    questions,
  }).take(COUNT);
  const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
  const outcome: Outcome = { answered: 0, refused: 0, failures: [], slowest: { ms: 0, question: '' } };
  const schemas = new Map(DIALECTS.map((d) => [d, { ...schema, dialect: d }] as const));
  let previous: EarlierTurn | null = null;
  for (let i = 0; i < asked.length; i++) {
    const question = asked[i];
    const dialect = DIALECTS[i % DIALECTS.length];
    const conversation: EarlierTurn[] = i % 5 === 0 && previous ? [previous] : [];
    const request: OfflineSqlRequest = { question, dialect, schema: schemas.get(dialect)!, maxRows: 100, conversation };
    const { result, ms } = await timed(() => provider.generateSql(request));
    if (ms > outcome.slowest.ms) outcome.slowest = { ms, question };
    if (ms > BOUND_MS) outcome.failures.push(`#${i} ${show(question)} took ${ms.toFixed(0)} ms`);
    if (result.ok) {
      const sql = result.value.sql;
      const classified = classifySql(sql, dialect);
      if (classified.kind !== 'read' && classified.kind !== 'write' && !knownUnparseable(sql, dialect)) {
        outcome.failures.push(
          `#${i} ${show(question)} (${dialect}) wrote ${classified.kind} SQL ${sql}: ${classified.reason ?? ''}`,
        );
      }
      outcome.answered++;
      previous = { question, sql, resultSummary: '1 row: count = 3' };
    } else if (result.error instanceof OfflineRefusalError) {
      outcome.refused++;
    } else if (result.error instanceof OfflineClarificationError) {
      // asking back is an answer too: 2 to 5 readings, each a restated question
      const { readings } = result.error.clarification;
      if (readings.length < 2 || readings.length > 5 || readings.some((r) => !r.label || !r.question))
        outcome.failures.push(`#${i} ${show(question)} asked back with ${readings.length} readings`);
      outcome.refused++;
    } else {
      const e = result.error as Error;
      outcome.failures.push(`#${i} ${show(question)} (${dialect}) threw ${e?.name}: ${e?.message}\n${e?.stack ?? ''}`);
    }
  }
  return outcome;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `work` and times it with performance.now(). A run over the bound is repeated (at most twice more) and the
 * fastest time kept: a hang or a blow-up is slow every time, a garbage collection or a busy machine is not.
 */
async function timed<T>(work: () => Promise<T>): Promise<{ result: Settled<T>; ms: number }> {
  let best = Infinity;
  let result: Settled<T> = { ok: false, error: new Error('not run') };
  for (let attempt = 0; attempt < 3 && best > BOUND_MS; attempt++) {
    const start = performance.now();
    try {
      result = { ok: true, value: await work() };
    } catch (error) {
      result = { ok: false, error };
    }
    best = Math.min(best, performance.now() - start);
  }
  return { result, ms: best };
}

/**
 * SQL the classifier refuses for a documented gap of its parser, not of the engine: node-sql-parser 5.4's Snowflake
 * grammar has no DELETE (libs/db-drivers sql-classifier.spec.ts), so every Snowflake DELETE is refused as
 * unparseable, and the pipeline's check answers so.
 */
function knownUnparseable(sql: string, dialect: Dialect): boolean {
  return dialect === 'snowflake' && /^DELETE FROM /.test(sql);
}

/** One line for the test log: counts and the slowest question. */
function summary(label: string, o: Outcome): string {
  return `${label}: ${COUNT} questions (seed ${SEED}), ${o.answered} answered, ${o.refused} refused, slowest ${o.slowest.ms.toFixed(1)} ms for ${show(o.slowest.question)}`;
}

describe('question fuzz of the offline engine', () => {
  it('the generator is deterministic, bounded, NUL-free and covers its families', () => {
    const a = new AdversarialQuestions(new Random(SEED), { maxChars: MAX_CHARS }).take(500);
    const b = new AdversarialQuestions(new Random(SEED), { maxChars: MAX_CHARS }).take(500);
    expect(a).toEqual(b);
    for (const q of a) {
      expect(q.length).toBeGreaterThan(0);
      expect(q.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(q.includes('\u0000')).toBe(false);
    }
    const all = a.join('\n');
    expect(a.some((q) => q.length === MAX_CHARS)).toBe(true);
    expect(all).toMatch(/[\u0001-\u0008\u000e-\u001f\u0080-\u009f]/); // C0 and C1 controls
    expect(all).toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/); // bidi marks, overrides, isolates
    expect(all).toMatch(/\u200d/); // zero-width joiner
    expect(all).toMatch(/[\u0300-\u036f]/); // combining marks
    expect(all).toMatch(/\p{Extended_Pictographic}/u);
    expect(all).toMatch(/[\u0590-\u06ff]/); // Hebrew / Arabic
    expect(PROTOTYPE_KEYS.filter((k) => all.includes(k)).length).toBeGreaterThan(8);
    expect(all).toMatch(/DROP TABLE|UNION SELECT/);
    expect(all).toMatch(/\(a\+\)\+|\$&/);
  });

  it.each([
    ['shop', SHOP_SCHEMA, SHOP_QUESTIONS],
    ['prototype-keys', PROTOTYPE_SCHEMA, PROTOTYPE_QUESTIONS],
  ] as const)(
    'answers the base questions of the %s schema (so the fuzz mutates questions the engine reads)',
    async (_label, schema, questions) => {
      const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
      for (const question of questions) {
        const { sql } = await provider.generateSql({ question, dialect: 'sqlite', schema, maxRows: 100 });
        expect({ question, kind: classifySql(sql, 'sqlite').kind }).toEqual({
          question,
          kind: expect.stringMatching(/^(read|write)$/),
        });
      }
    },
  );

  it.each([
    ['shop', SHOP_SCHEMA, SHOP_QUESTIONS],
    ['prototype-keys', PROTOTYPE_SCHEMA, PROTOTYPE_QUESTIONS],
  ] as const)(
    '%s schema: every question writes SQL the classifier reads or is refused, each within the bound',
    async (label, schema, questions) => {
      const outcome = await fuzz(schema, label, questions);
      console.log(summary(label, outcome));
      expect({ seed: SEED, failures: outcome.failures.slice(0, 10), count: outcome.failures.length }).toEqual({
        seed: SEED,
        failures: [],
        count: 0,
      });
      expect(outcome.answered + outcome.refused).toBe(COUNT);
      // a fuzz that only ever refuses proves little: a good share of the mutated questions still answers
      expect(outcome.answered).toBeGreaterThan(COUNT / 10);
    },
  );

  describe('defects the fuzz found', () => {
    const provider = new OfflineEngine({ now: () => new Date('2025-03-15T12:00:00Z') });
    const sql = async (question: string, conversation: EarlierTurn[] = []) =>
      (await provider.generateSql({ question, dialect: 'sqlite', schema: SHOP_SCHEMA, maxRows: 100, conversation }))
        .sql;

    it.each([
      // Number() of 400 digits is Infinity: the engine threw a plain Error "not a finite number: Infinity"
      ['a filter on 400 nines', `products with price over ${'9'.repeat(400)}`],
      ['a delete by an id of 400 nines', `delete orders with id ${'9'.repeat(400)}`],
      // 2^53 + 1 was written as 2^53
      ['an update to 2^53 + 1', "set the price of 'Widget' to 9007199254740993"],
      ['a filter on 2^53 + 1', 'products with price over 9007199254740993'],
    ])('refuses a number a double cannot hold exactly: %s', async (_label, question) => {
      await expect(sql(question)).rejects.toThrow(OfflineRefusalError);
      await expect(sql(question)).rejects.toThrow(/too large to write exactly/);
    });

    it('still writes the largest exact whole number', async () => {
      expect(await sql("set the price of 'Widget' to 9007199254740991")).toBe(
        "UPDATE products SET price = 9007199254740991 WHERE name = 'Widget'",
      );
    });

    it('refuses "expensive" said of no table (it threw a plain Error "unknown table undefined")', async () => {
      for (const question of ['average expensive', 'total sales in March 2024 expensive']) {
        await expect(sql(question)).rejects.toThrow(OfflineRefusalError);
        await expect(sql(question)).rejects.toThrow(/what is expensive or cheap/);
      }
    });

    it('writes a condition repeated in the question once', async () => {
      expect(await sql('delete orders with status cancelled cancelled cancelled')).toBe(
        "DELETE FROM orders WHERE status = 'cancelled'",
      );
      // a follow-up of 280 repeats of a value wrote 280 EXISTS subqueries of four joins each (57 KB of SQL)
      const previous = [
        {
          question: 'How many customers are there?',
          sql: 'SELECT COUNT(*) AS customer_count FROM customers',
          resultSummary: '1 row',
        },
      ];
      const repeated = await sql('Garden '.repeat(280), previous);
      expect(repeated.match(/EXISTS/g)).toHaveLength(1);
      expect(repeated).toBe(await sql('Garden', previous));
    });
  });
});
