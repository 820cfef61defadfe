import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { McpController } from './mcp.controller';
import { McpHttpService } from './mcp-http.service';
import { McpOriginGuard } from './mcp-origin.guard';
import { McpServerFactory } from './mcp-server.factory';

/** /mcp: the Model Context Protocol server (docs/mcp.md). */
@Module({
  imports: [ChatModule],
  controllers: [McpController],
  providers: [McpHttpService, McpServerFactory, McpOriginGuard],
})
export class McpModule {}
