import { Global, Module } from '@nestjs/common';
import { SessionAccessService } from './session-access.service';

/**
 * Provides the session ownership rule ({@link SessionAccessService}) everywhere: both surfaces check it, the query
 * adapter surface (/query, /approve, /reject, /feedback, /session) and the application surface (chat, sessions,
 * traces, export, /mcp).
 */
@Global()
@Module({ providers: [SessionAccessService], exports: [SessionAccessService] })
export class SessionAccessModule {}
