import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';

/** Longest benchmark name, in characters. */
export const MAX_BENCHMARK_NAME = 128;
/** Most questions one benchmark holds. */
export const MAX_BENCHMARK_QUESTIONS = 1000;
/** Longest YAML or CSV document an import reads, in characters. */
export const MAX_BENCHMARK_IMPORT = 1_000_000;

const QUESTIONS_NOTE =
  'Each `{ question, expected_sql, context? }`: expected_sql must classify as a read in the connection dialect (a write, DDL or refused SQL is 400); context lists earlier questions asked first in the same session.';

const RUN_ON_CHANGE_NOTE =
  'Start a background run after each change of the model setting, a definition version or the schema version of the connection (default false)';

const SCHEDULE_NOTE =
  'Run in the background on a schedule: { cron: 5-field cron expression or @daily-style nickname, timezone: IANA name }; null: never (default)';

/** Body of POST /api/benchmarks. */
export class CreateBenchmarkDto {
  @ApiPropertyOptional({ description: 'The connection; default the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiProperty({ description: 'Unique within the connection', maxLength: MAX_BENCHMARK_NAME })
  @IsString()
  @Length(1, MAX_BENCHMARK_NAME)
  name!: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: QUESTIONS_NOTE })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_BENCHMARK_QUESTIONS)
  questions?: unknown[];

  @ApiPropertyOptional({ description: RUN_ON_CHANGE_NOTE })
  @IsOptional()
  @IsBoolean()
  run_on_change?: boolean;

  @ApiPropertyOptional({ type: 'object', nullable: true, description: SCHEDULE_NOTE, additionalProperties: true })
  @IsOptional()
  schedule?: unknown;
}

/** Body of PATCH /api/benchmarks/{id}: a new name, the whole list of questions, run_on_change, schedule, or several. */
export class UpdateBenchmarkDto {
  @ApiPropertyOptional({ maxLength: MAX_BENCHMARK_NAME })
  @IsOptional()
  @IsString()
  @Length(1, MAX_BENCHMARK_NAME)
  name?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: QUESTIONS_NOTE })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_BENCHMARK_QUESTIONS)
  questions?: unknown[];

  @ApiPropertyOptional({ description: RUN_ON_CHANGE_NOTE })
  @IsOptional()
  @IsBoolean()
  run_on_change?: boolean;

  @ApiPropertyOptional({ type: 'object', nullable: true, description: SCHEDULE_NOTE, additionalProperties: true })
  @IsOptional()
  schedule?: unknown;
}

/** `?connection_id=` of GET /api/benchmarks. */
export class BenchmarkQueryDto {
  @ApiPropertyOptional({ description: 'Only the benchmarks of this connection' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;
}

/** Body of POST /api/benchmarks/import. */
export class ImportBenchmarkDto {
  @ApiProperty({ enum: ['yaml', 'csv'] })
  @IsIn(['yaml', 'csv'])
  format!: 'yaml' | 'csv';

  @ApiProperty({
    description:
      'yaml: the document GET /api/benchmarks/{id}/export writes; csv: a header line with the columns question,expected_sql (and optionally context, earlier questions separated by " | ")',
    maxLength: MAX_BENCHMARK_IMPORT,
  })
  @IsString()
  @Length(1, MAX_BENCHMARK_IMPORT)
  content!: string;

  @ApiPropertyOptional({ description: 'The connection; default the one the YAML names, else the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({
    description: 'The benchmark name (required for CSV; overrides the YAML name)',
    maxLength: MAX_BENCHMARK_NAME,
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_BENCHMARK_NAME)
  name?: string;
}

/**
 * Body of POST /api/benchmarks/{id}/questions: a verified example (`example_id`), an answered question of a session
 * (`session_id` and `entry_id`, its history entry), or a question written out (`question`, `expected_sql`).
 */
export class AddBenchmarkQuestionDto {
  @ApiPropertyOptional({ description: 'A verified example of the connection' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  example_id?: string;

  @ApiPropertyOptional({ description: 'The session of an answered question (with entry_id)' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  session_id?: string;

  @ApiPropertyOptional({ description: 'The history entry of the answered question (with session_id)' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  entry_id?: string;

  @ApiPropertyOptional({ description: 'A question written out (with expected_sql)' })
  @IsOptional()
  @IsString()
  question?: string;

  @ApiPropertyOptional({ description: 'Its expected SQL (with question)' })
  @IsOptional()
  @IsString()
  expected_sql?: string;
}

/** A stored benchmark. */
export class BenchmarkDto {
  @ApiProperty() id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) questions!: unknown[];
  @ApiProperty({ description: RUN_ON_CHANGE_NOTE }) run_on_change!: boolean;
  @ApiProperty({ type: 'object', nullable: true, description: SCHEDULE_NOTE, additionalProperties: true })
  schedule!: unknown;
  @ApiProperty({ type: String, nullable: true, description: 'When the next scheduled run is due' })
  next_run_at!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** GET /api/benchmarks. */
export class BenchmarkListDto {
  @ApiProperty({ type: [BenchmarkDto] }) items!: BenchmarkDto[];
}

/** A finished run (POST /api/benchmarks/{id}/runs, GET .../runs/{run_id}). */
export class BenchmarkRunDto {
  @ApiProperty() id!: string;
  @ApiProperty() benchmark_id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty() finished_at!: string;
  @ApiProperty({ description: 'right / total, 0 to 1' }) accuracy!: number;
  @ApiProperty() total!: number;
  @ApiProperty() right!: number;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) results!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object' } }) regressions!: unknown[];
  @ApiProperty({ type: 'object', additionalProperties: true }) fingerprint!: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) changes!: unknown[];
  @ApiProperty({ type: String, nullable: true }) previous_run_id!: string | null;
  @ApiProperty({ enum: ['request', 'change', 'schedule'] }) trigger!: 'request' | 'change' | 'schedule';
  @ApiProperty({ description: 'A scheduled run started well after its due time' }) late!: boolean;
}

/** GET /api/benchmarks/{id}/runs: newest first, without results. */
export class BenchmarkRunListDto {
  @ApiProperty({ type: 'array', items: { type: 'object' } }) items!: unknown[];
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'Runs in the background on this replica' })
  pending!: unknown[];
}

/** A run started in the background (202 of POST .../runs?wait=false and of GET .../runs/{run_id} while it runs). */
export class BenchmarkRunPendingDto {
  @ApiProperty() id!: string;
  @ApiProperty() benchmark_id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty({ enum: ['running', 'failed'] }) status!: 'running' | 'failed';
  @ApiProperty({ enum: ['request', 'change', 'schedule'] }) trigger!: 'request' | 'change' | 'schedule';
  @ApiProperty({ description: 'A scheduled run started well after its due time' }) late!: boolean;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

/** `?wait=` of POST /api/benchmarks/{id}/runs. */
export class RunBenchmarkQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'false: answer 202 with the run id at once and run in the background (default true: the finished run)',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  wait?: 'true' | 'false';
}
