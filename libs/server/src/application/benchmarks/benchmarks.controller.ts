import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { Benchmark, BenchmarkList, BenchmarkRun, BenchmarkRunList, BenchmarkRunPending } from '@nlq/contracts';
import type { FastifyReply } from 'fastify';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { BenchmarkRunsService } from './benchmark-runs.service';
import { BenchmarksService } from './benchmarks.service';
import {
  AddBenchmarkQuestionDto,
  BenchmarkDto,
  BenchmarkListDto,
  BenchmarkQueryDto,
  BenchmarkRunDto,
  BenchmarkRunListDto,
  BenchmarkRunPendingDto,
  CreateBenchmarkDto,
  ImportBenchmarkDto,
  RunBenchmarkQueryDto,
  UpdateBenchmarkDto,
} from './dto/benchmark.dto';

const READ_ONLY_NOTE =
  'expected_sql must classify as a read in the connection dialect: a write, DDL or refused statement answers 400 VALIDATION with the field and the reason.';

/**
 * /api/benchmarks (docs/http-api.md "Benchmarks"): a connection's curated questions with their expected SQL, runs
 * through the /api/chat pipeline, and their history. Every route needs the service key (403 otherwise).
 */
@ApiTags('application: benchmarks')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/benchmarks')
export class BenchmarksController {
  constructor(
    private readonly benchmarks: BenchmarksService,
    private readonly runs: BenchmarkRunsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Benchmarks, of one connection when named, oldest first (service key only)' })
  @ApiOkResponse({ type: BenchmarkListDto })
  @ErrorResponseDto.document(400, 401, 403)
  list(@CurrentCaller() caller: Caller, @Query() query: BenchmarkQueryDto): Promise<BenchmarkList> {
    return this.benchmarks.list(caller, query.connection_id);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a benchmark in a connection (default the active one) (service key only)',
    description: READ_ONLY_NOTE,
  })
  @ApiCreatedResponse({ type: BenchmarkDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateBenchmarkDto): Promise<Benchmark> {
    return this.benchmarks.create(caller, body);
  }

  @Post('import')
  @ApiOperation({
    summary: 'Create a benchmark from a YAML or CSV document, all questions or none (service key only)',
    description: READ_ONLY_NOTE,
  })
  @ApiCreatedResponse({ type: BenchmarkDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409)
  importDocument(@CurrentCaller() caller: Caller, @Body() body: ImportBenchmarkDto): Promise<Benchmark> {
    return this.benchmarks.importDocument(caller, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One benchmark with its questions (service key only)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BenchmarkDto })
  @ErrorResponseDto.document(401, 403, 404)
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Benchmark> {
    return this.benchmarks.get(caller, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Rename a benchmark or replace its questions (service key only)',
    description: READ_ONLY_NOTE,
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BenchmarkDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409)
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateBenchmarkDto,
  ): Promise<Benchmark> {
    return this.benchmarks.update(caller, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a benchmark and its runs (service key only)' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 403, 404)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.benchmarks.remove(caller, id);
  }

  @Get(':id/export')
  @ApiOperation({ summary: 'A benchmark as a YAML document, for git (service key only)' })
  @ApiParam({ name: 'id' })
  @ApiProduces('application/yaml')
  @ApiOkResponse({ description: 'The YAML document (docs/http-api.md "Benchmarks")', schema: { type: 'string' } })
  @ErrorResponseDto.document(401, 403, 404)
  async exportYaml(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const yaml = await this.benchmarks.exportYaml(caller, id);
    // set only on success: an error answers in the JSON error shape
    void reply.header('content-type', 'application/yaml; charset=utf-8');
    return yaml;
  }

  @Post(':id/questions')
  @ApiOperation({
    summary:
      'Add a question: a verified example (example_id), an answered question (session_id, entry_id) or one written out (service key only)',
    description: READ_ONLY_NOTE,
  })
  @ApiParam({ name: 'id' })
  @ApiCreatedResponse({ type: BenchmarkDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  addQuestion(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: AddBenchmarkQuestionDto,
  ): Promise<Benchmark> {
    return this.benchmarks.addQuestion(caller, id, body);
  }

  @Post(':id/runs')
  @ApiOperation({
    summary:
      'Run every question through the chat pipeline, read-only: the finished run (201), or with ?wait=false its id at once (202) (service key only)',
    description:
      'Each question runs in a fresh session (its context questions first) on the connection current model, definitions and verified examples; its result is compared with the expected SQL result. The run names the questions right in the previous run and not now (regressions) and the configuration parts that changed. With wait=false the run continues in the background (one per benchmark at a time: while one runs, that one is answered); read it with GET .../runs/{run_id}, which answers 202 until it is stored.',
  })
  @ApiParam({ name: 'id' })
  @ApiCreatedResponse({ type: BenchmarkRunDto })
  @ApiAcceptedResponse({ type: BenchmarkRunPendingDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  async run(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: RunBenchmarkQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BenchmarkRun | BenchmarkRunPending> {
    if (query.wait !== 'false') return this.runs.run(caller, id);
    const pending = await this.runs.start(caller, id);
    void reply.status(202);
    return pending;
  }

  @Get(':id/runs')
  @ApiOperation({ summary: 'The runs of a benchmark, newest first, without their results (service key only)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: BenchmarkRunListDto })
  @ErrorResponseDto.document(401, 403, 404)
  listRuns(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<BenchmarkRunList> {
    return this.runs.list(caller, id);
  }

  @Get(':id/runs/:run_id')
  @ApiOperation({
    summary: 'One run with its results (200), or a background run not finished yet or failed (202) (service key only)',
  })
  @ApiParam({ name: 'id' })
  @ApiParam({ name: 'run_id' })
  @ApiOkResponse({ type: BenchmarkRunDto })
  @ApiAcceptedResponse({ type: BenchmarkRunPendingDto })
  @ErrorResponseDto.document(401, 403, 404)
  async getRun(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('run_id') runId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BenchmarkRun | BenchmarkRunPending> {
    const run = await this.runs.get(caller, id, runId);
    if ('status' in run) void reply.status(202);
    return run;
  }
}
