import { Global, Module } from '@nestjs/common';
import { ApiSessionsController } from './api-sessions.controller';
import { ApiSessionsService } from './api-sessions.service';
import { SessionAccessService } from './session-access.service';

/** /api/sessions and the session ownership rule ({@link SessionAccessService}, global for chat, traces, export; {@link ApiSessionsService} for /mcp). */
@Global()
@Module({
  controllers: [ApiSessionsController],
  providers: [ApiSessionsService, SessionAccessService],
  exports: [SessionAccessService, ApiSessionsService],
})
export class ApiSessionsModule {}
