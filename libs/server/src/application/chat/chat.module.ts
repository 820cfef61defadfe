import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller';
import { ChatStreamService } from './chat-stream.service';
import { ChatService } from './chat.service';

/** POST /api/chat and POST /api/chat/stream (server-sent events); exports ChatService for /mcp's ask tool. */
@Module({ controllers: [ChatController], providers: [ChatService, ChatStreamService], exports: [ChatService] })
export class ChatModule {}
