import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { SavedAnswersModule } from '../saved/saved-answers.module';
import { BOARD_LOOKUP, BoardLookup } from './board-lookup';
import { EmailSender } from './email-sender';
import { ScheduleResultsReader } from './schedule-results-reader.service';
import { ScheduleRunProcessor } from './schedule-run-processor.service';
import { ScheduleSchedulerService } from './schedule-scheduler.service';
import { SchedulesController } from './schedules.controller';
import { SchedulesService } from './schedules.service';

/**
 * /api/schedules: saved answers and boards delivered on a cron schedule (docs/http-api.md "Schedules and alerts"),
 * the scheduler inside the api process and its delivery queue (pg-boss on PostgreSQL state, in process on SQLite).
 */
@Module({
  imports: [SavedAnswersModule],
  controllers: [SchedulesController],
  providers: [
    { provide: BOARD_LOOKUP, useClass: BoardLookup },
    EmailSender,
    ScheduleResultsReader,
    ScheduleRunProcessor,
    ScheduleSchedulerService,
    SchedulesService,
  ],
})
export class SchedulesModule implements OnApplicationShutdown {
  constructor(private readonly email: EmailSender) {}

  /** Closes the SMTP connection pool. */
  onApplicationShutdown(): void {
    this.email.close();
  }
}
