import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { BenchmarkRunsService } from './benchmark-runs.service';
import { BenchmarkSchedulerService } from './benchmark-scheduler.service';
import { BenchmarkTriggersService } from './benchmark-triggers.service';
import { BenchmarksController } from './benchmarks.controller';
import { BenchmarksService } from './benchmarks.service';

/**
 * /api/benchmarks: a connection's curated questions, their runs (on request, in the background, after a change, on a schedule) and
 * regressions (docs/http-api.md "Benchmarks").
 */
@Module({
  imports: [TargetsModule],
  controllers: [BenchmarksController],
  providers: [BenchmarksService, BenchmarkRunsService, BenchmarkTriggersService, BenchmarkSchedulerService],
})
export class BenchmarksModule {}
