import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Benchmark, type BenchmarkQuestion, type BenchmarkList, type Dialect } from '@nlq/contracts';
import { QueryPipeline } from '@nlq/pipeline';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Caller } from '../../platform/auth/caller';
import { assertService } from '../../platform/auth/service-only';
import { ApiException, type FieldProblems } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import type { BenchmarksRepository } from '../../platform/state/repositories/benchmarks.repository';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { benchmarkYaml, parseBenchmarkCsv, parseBenchmarkYaml } from './benchmark-file';
import { checkQuestions } from './benchmark-questions';
import { checkSchedule, isScheduleProblems, nextDue } from './benchmark-schedule';
import type {
  AddBenchmarkQuestionDto,
  CreateBenchmarkDto,
  ImportBenchmarkDto,
  UpdateBenchmarkDto,
} from './dto/benchmark.dto';
import { MAX_BENCHMARK_QUESTIONS } from './dto/benchmark.dto';

/**
 * The benchmarks of the connections (docs/http-api.md "Benchmarks"): create, read, change, delete, YAML export, YAML
 * or CSV import, and a question added from a verified example or an answered question. Every expected SQL must
 * classify as a read in the connection's dialect (400 VALIDATION otherwise). Service key only (403), like the
 * knowledge endpoints; each change is an audit line (`benchmark.create`, `.update`, `.delete`, `.import`).
 */
@Injectable()
export class BenchmarksService {
  private readonly benchmarks: BenchmarksRepository;

  constructor(
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(TargetResolverService) private readonly targets: TargetResolverService,
    private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.benchmarks = store.benchmarks;
  }

  /** The benchmarks, of one connection when named, oldest first. @throws 403 */
  async list(caller: Caller, connectionId?: string): Promise<BenchmarkList> {
    assertService(caller, 'read benchmarks');
    return { items: await this.benchmarks.list(connectionId) };
  }

  /** One benchmark. @throws 403, 404 for an unknown id */
  async get(caller: Caller, id: string): Promise<Benchmark> {
    assertService(caller, 'read benchmarks');
    return this.row(id);
  }

  /**
   * Create a benchmark in the named connection (default the active one).
   * @throws 400 for invalid questions (a write as expected SQL among them), 403, 404 unknown connection, 409 name taken
   */
  async create(caller: Caller, input: CreateBenchmarkDto): Promise<Benchmark> {
    assertService(caller, 'change benchmarks');
    const { connectionId, dialect } = await this.connection(input.connection_id);
    const questions = this.checked(input.questions ?? [], dialect);
    const schedule = scheduled(input.schedule);
    const now = new Date().toISOString();
    const benchmark: Benchmark = {
      id: randomUUID(),
      connection_id: connectionId,
      name: input.name.trim(),
      questions,
      run_on_change: input.run_on_change ?? false,
      ...schedule,
      created_at: now,
      updated_at: now,
    };
    await this.insert(benchmark);
    auditCallerEvent(this.logger, 'benchmark.create', caller, { benchmarkId: benchmark.id, connectionId });
    return benchmark;
  }

  /**
   * Rename a benchmark, replace its questions, set run_on_change and/or its schedule (null removes it; a schedule
   * given again, even unchanged, is due next from now). @throws 400, 403, 404, 409 name taken
   */
  async update(caller: Caller, id: string, patch: UpdateBenchmarkDto): Promise<Benchmark> {
    assertService(caller, 'change benchmarks');
    const current = await this.row(id);
    const name = patch.name?.trim() ?? current.name;
    if (name !== current.name) await this.assertNameFree(current.connection_id, name);
    const questions =
      patch.questions === undefined
        ? current.questions
        : this.checked(patch.questions, (await this.connection(current.connection_id)).dialect);
    const rescheduled = patch.schedule !== undefined;
    const next: Benchmark = {
      ...current,
      name,
      questions,
      run_on_change: patch.run_on_change ?? current.run_on_change,
      ...(rescheduled ? scheduled(patch.schedule) : {}),
      updated_at: new Date().toISOString(),
    };
    await this.benchmarks.update(next, rescheduled);
    auditCallerEvent(this.logger, 'benchmark.update', caller, { benchmarkId: id });
    return next;
  }

  /** Delete a benchmark and its runs. @throws 403, 404 */
  async remove(caller: Caller, id: string): Promise<void> {
    assertService(caller, 'change benchmarks');
    if (!(await this.benchmarks.remove(id))) throw notFound(id);
    auditCallerEvent(this.logger, 'benchmark.delete', caller, { benchmarkId: id });
  }

  /** The benchmark as YAML (docs/http-api.md "Benchmarks"). @throws 403, 404 */
  async exportYaml(caller: Caller, id: string): Promise<string> {
    assertService(caller, 'export benchmarks');
    return benchmarkYaml(await this.row(id));
  }

  /**
   * A new benchmark from a YAML or CSV document, in the connection named by the request, else by the YAML, else the
   * active one; named by the request, else by the YAML. All questions are checked first: one invalid imports none.
   * @throws 400 (no name, unreadable document, invalid questions), 403, 404 unknown connection, 409 name taken
   */
  async importDocument(caller: Caller, input: ImportBenchmarkDto): Promise<Benchmark> {
    assertService(caller, 'import benchmarks');
    const parsed = input.format === 'yaml' ? parseBenchmarkYaml(input.content) : parseBenchmarkCsv(input.content);
    const name = input.name ?? parsed.name;
    if (!name || name.trim() === '')
      throw ApiException.validation([{ field: 'name', problems: ['a name is required (the YAML names none)'] }]);
    return this.create(caller, {
      name,
      connection_id: input.connection_id ?? parsed.connectionId ?? undefined,
      questions: parsed.questions,
      schedule: parsed.schedule,
    });
  }

  /**
   * Append one question: a verified example's question and SQL (`example_id`, of the benchmark's connection), an
   * answered read of a session (`session_id`, `entry_id`: its question and SQL), or one written out.
   * @throws 400 (none or several sources, not an answered read, a write), 403, 404 (benchmark, example or entry)
   */
  async addQuestion(caller: Caller, id: string, input: AddBenchmarkQuestionDto): Promise<Benchmark> {
    assertService(caller, 'change benchmarks');
    const current = await this.row(id);
    const question = await this.questionFrom(input, current.connection_id);
    if (current.questions.length >= MAX_BENCHMARK_QUESTIONS)
      throw ApiException.validation([
        { field: 'questions', problems: [`at most ${MAX_BENCHMARK_QUESTIONS} questions`] },
      ]);
    const { dialect } = await this.connection(current.connection_id);
    const [checked] = this.checked([question], dialect);
    return this.update(caller, id, { questions: [...current.questions, checked] });
  }

  /** The question and SQL one of the sources of {@link addQuestion} names. */
  private async questionFrom(input: AddBenchmarkQuestionDto, connectionId: string): Promise<BenchmarkQuestion> {
    const sources = [input.example_id, input.session_id ?? input.entry_id, input.question ?? input.expected_sql];
    if (sources.filter((s) => s !== undefined).length !== 1)
      throw ApiException.validation([
        {
          field: 'body',
          problems: ['give exactly one of example_id, session_id with entry_id, or question with expected_sql'],
        },
      ]);
    if (input.example_id !== undefined) {
      const example = await this.store.verifiedExamples.getExample(input.example_id);
      if (!example || example.connection_id !== connectionId)
        throw new ApiException(
          404,
          ErrorCode.NOT_FOUND,
          `Verified example "${input.example_id}" not found in this connection.`,
        );
      return { question: example.question, expected_sql: example.sql };
    }
    if (input.session_id !== undefined || input.entry_id !== undefined) {
      if (!input.session_id || !input.entry_id)
        throw ApiException.validation([{ field: 'entry_id', problems: ['session_id and entry_id go together'] }]);
      return this.answered(input.session_id, input.entry_id, connectionId);
    }
    return { question: input.question ?? '', expected_sql: input.expected_sql ?? '' };
  }

  /** The question and SQL of an answered read of a session, with its earlier answered questions as context. */
  private async answered(sessionId: string, entryId: string, connectionId: string): Promise<BenchmarkQuestion> {
    const history = (await this.pipeline.history(sessionId)).filter((e) => e.kind === 'query');
    const index = history.findIndex((e) => e.id === entryId);
    const entry = history[index];
    if (!entry || (entry.connection_id ?? connectionId) !== connectionId)
      throw new ApiException(
        404,
        ErrorCode.NOT_FOUND,
        `Answer "${entryId}" not found in session "${sessionId}" of this connection.`,
      );
    if (entry.status !== 'ok' || !entry.sql || !entry.question)
      throw ApiException.validation([{ field: 'entry_id', problems: ['must be an answered question with its SQL'] }]);
    const context = history
      .slice(0, index)
      .filter((e) => e.status === 'ok' && e.question)
      .map((e) => e.question as string)
      .slice(-5);
    return { question: entry.question, expected_sql: entry.sql, ...(context.length > 0 ? { context } : {}) };
  }

  /** @throws ApiException 400 VALIDATION with the problems of the questions. */
  private checked(items: readonly unknown[], dialect: Dialect): BenchmarkQuestion[] {
    const result = checkQuestions(items, dialect, this.config.maxQuestionChars);
    if (isProblems(result)) throw ApiException.validation(result, 'The benchmark holds invalid questions.');
    return result;
  }

  /** The connection's id and dialect. @throws the resolver's NotFoundError (404) for an unknown connection. */
  private async connection(connectionId?: string): Promise<{ connectionId: string; dialect: Dialect }> {
    const target = await this.targets.connection(connectionId);
    return { connectionId: target.connectionId, dialect: target.driver.dialect };
  }

  private async insert(benchmark: Benchmark): Promise<void> {
    await this.assertNameFree(benchmark.connection_id, benchmark.name);
    try {
      await this.benchmarks.insert(benchmark);
    } catch (error) {
      if (await this.benchmarks.byName(benchmark.connection_id, benchmark.name)) throw nameTaken(benchmark.name);
      throw error;
    }
  }

  private async assertNameFree(connectionId: string, name: string): Promise<void> {
    if (await this.benchmarks.byName(connectionId, name)) throw nameTaken(name);
  }

  private async row(id: string): Promise<Benchmark> {
    const row = await this.benchmarks.get(id);
    if (!row) throw notFound(id);
    return row;
  }
}

/**
 * The schedule fields of a benchmark from a request's `schedule` (checked: 400 VALIDATION naming `schedule.cron` or
 * `schedule.timezone`), its next run due from now.
 */
function scheduled(value: unknown): Pick<Benchmark, 'schedule' | 'next_run_at'> {
  const schedule = checkSchedule(value);
  if (isScheduleProblems(schedule)) throw ApiException.validation(schedule, 'The schedule is invalid.');
  return { schedule, next_run_at: schedule ? nextDue(schedule, new Date()) : null };
}

/** Whether a {@link checkQuestions} answer is its problems. */
function isProblems(value: BenchmarkQuestion[] | FieldProblems): value is FieldProblems {
  return value.length > 0 && 'problems' in value[0];
}

function notFound(id: string): ApiException {
  return new ApiException(404, ErrorCode.NOT_FOUND, `Benchmark "${id}" not found.`);
}

function nameTaken(name: string): ApiException {
  return new ApiException(409, ErrorCode.CONFLICT, `A benchmark named "${name}" already exists in this connection.`);
}
