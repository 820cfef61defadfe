import type { DatabaseSchema } from '@nlq/contracts';
import { classifySql, type DatabaseDriver } from '@nlq/db-drivers';
import { OfflineProvider } from '@nlq/llm-providers';
import { candidateQuestions, type CandidateQuestion } from './candidate-questions';
import { holdsResult } from './same-result';

/** Rows read of an example's SQL and of the engine's reading of it: a result cut by this limit is not compared. */
const CHECK_ROWS = 500;

/** Limits of one {@link ExampleQuestions.build}. */
export interface ExampleQuestionLimits {
  /** Questions to answer (default 6). */
  want: number;
  /** Candidates tried at most (default 40). */
  maxAttempts: number;
  /** Statement timeout of each check, in milliseconds (default 2,000). */
  timeoutMs: number;
  /** Wall time of the whole build, in milliseconds (default 10,000): what passed by then is kept. */
  budgetMs: number;
}

const DEFAULT_LIMITS: ExampleQuestionLimits = { want: 6, maxAttempts: 40, timeoutMs: 2000, budgetMs: 10_000 };

/**
 * Example questions for an empty chat: candidates built from the connection's schema ({@link candidateQuestions}),
 * each with the SQL it was made from, CHECKED before it is listed: the offline engine reads the question back to SQL,
 * the classifier must find one read statement, and the driver runs it and the SQL the question was made from
 * read-only (statement timeout); the engine's result must hold the other's rows and values ({@link holdsResult}:
 * extra columns such as a name beside a ranked price are allowed) and have at least one non-null value. A question
 * the engine reads otherwise ("Total amount per status" listing every amount) is never offered. Kept per connection and schema version (a schema refresh with changes builds them again); a build
 * in progress is shared by concurrent callers.
 */
export class ExampleQuestions {
  private readonly engine = new OfflineProvider();
  private readonly built = new Map<string, { version: string; questions: Promise<string[]> }>();

  /** `candidates` builds the questions to check from a schema (default {@link candidateQuestions}). */
  constructor(
    private readonly limits: ExampleQuestionLimits = DEFAULT_LIMITS,
    private readonly candidates: (schema: DatabaseSchema) => CandidateQuestion[] = candidateQuestions,
  ) {}

  /** The checked questions of `connectionId` for `schema` (built once per schema version). */
  questions(connectionId: string, schema: DatabaseSchema, driver: DatabaseDriver): Promise<string[]> {
    const kept = this.built.get(connectionId);
    if (kept && kept.version === schema.version) return kept.questions;
    const questions = this.build(schema, driver);
    this.built.set(connectionId, { version: schema.version, questions });
    // a failed build is not kept: the next call tries again
    questions.catch(() => this.built.get(connectionId)?.questions === questions && this.built.delete(connectionId));
    return questions;
  }

  /**
   * Build and check the questions of `schema`: at most `want`, in candidate order, varied: a first pass takes at most
   * one question a kind and a table, a second at most one a table, a third fills up from the rest.
   */
  async build(schema: DatabaseSchema, driver: DatabaseDriver): Promise<string[]> {
    const { want, maxAttempts, timeoutMs, budgetMs } = this.limits;
    const deadline = Date.now() + budgetMs;
    const candidates = this.candidates(schema);
    const passed = new Set<CandidateQuestion>();
    const tried = new Set<CandidateQuestion>();
    for (const pass of ['kind-and-table', 'table', 'any'] as const) {
      for (const candidate of candidates) {
        if (passed.size >= want || tried.size >= maxAttempts || Date.now() > deadline) break;
        const taken = [...passed];
        if (tried.has(candidate)) continue;
        if (pass !== 'any' && taken.some((p) => p.table === candidate.table)) continue;
        if (pass === 'kind-and-table' && taken.some((p) => p.kind === candidate.kind)) continue;
        tried.add(candidate);
        if (await this.answers(candidate, schema, driver, timeoutMs)) passed.add(candidate);
      }
    }
    return candidates.filter((c) => passed.has(c)).map((c) => c.question);
  }

  /**
   * True when the offline engine reads `candidate.question` back to one read whose result holds the result of the SQL
   * the question was made from (at most CHECK_ROWS rows each, or the question's own row count), with a value.
   */
  private async answers(
    candidate: CandidateQuestion,
    schema: DatabaseSchema,
    driver: DatabaseDriver,
    timeoutMs: number,
  ): Promise<boolean> {
    try {
      const { sql } = await this.engine.generateSql({
        question: candidate.question,
        dialect: schema.dialect,
        schema,
        examples: [],
        maxRows: CHECK_ROWS,
      });
      if (!sql || classifySql(sql, schema.dialect).kind !== 'read') return false;
      const result = await driver.runRead(sql, { maxRows: CHECK_ROWS, timeoutMs });
      const reference = await driver.runRead(candidate.sql, { maxRows: candidate.rows ?? CHECK_ROWS, timeoutMs });
      if (result.truncated || (reference.truncated && candidate.rows === null)) return false;
      const hasValue = result.rows.some((row) => row.some((v) => v !== null && v !== undefined));
      return hasValue && holdsResult(reference, result);
    } catch {
      // refused, asked back, or failed at the database: not an example
      return false;
    }
  }
}
