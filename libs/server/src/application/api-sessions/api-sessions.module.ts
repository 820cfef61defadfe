import { Global, Module } from '@nestjs/common';
import { ApiSessionsController } from './api-sessions.controller';
import { ApiSessionsService } from './api-sessions.service';

/** /api/sessions; {@link ApiSessionsService} is global for /mcp. The ownership rule lives in platform/sessions. */
@Global()
@Module({
  controllers: [ApiSessionsController],
  providers: [ApiSessionsService],
  exports: [ApiSessionsService],
})
export class ApiSessionsModule {}
