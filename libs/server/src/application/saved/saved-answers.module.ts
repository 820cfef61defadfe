import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { SavedAnswerRunnerService } from './saved-answer-runner.service';
import { SavedAnswersController } from './saved-answers.controller';
import { SavedAnswersService } from './saved-answers.service';

/**
 * /api/saved: answers kept under a name and run again with no model call (docs/http-api.md "Saved answers"); the
 * service and the runner are exported for boards.
 */
@Module({
  imports: [TargetsModule],
  controllers: [SavedAnswersController],
  providers: [SavedAnswersService, SavedAnswerRunnerService],
  exports: [SavedAnswersService, SavedAnswerRunnerService],
})
export class SavedAnswersModule {}
