import { Module } from '@nestjs/common';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

/** GET /session/{session_id}. */
@Module({ controllers: [SessionsController], providers: [SessionsService] })
export class SessionsModule {}
