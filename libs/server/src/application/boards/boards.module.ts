import { Module } from '@nestjs/common';
import { SavedAnswersModule } from '../saved/saved-answers.module';
import { BoardResultsService } from './board-results.service';
import { BoardsController } from './boards.controller';
import { BoardsService } from './boards.service';

/** /api/boards: pages of saved answers run under the caller's data policy (docs/http-api.md "Boards"). */
@Module({
  imports: [SavedAnswersModule],
  controllers: [BoardsController],
  providers: [BoardsService, BoardResultsService],
})
export class BoardsModule {}
