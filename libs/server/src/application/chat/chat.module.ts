import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller';
import { ChatStreamService } from './chat-stream.service';
import { ChatService } from './chat.service';

/** POST /api/chat and POST /api/chat/stream (server-sent events). */
@Module({ controllers: [ChatController], providers: [ChatService, ChatStreamService] })
export class ChatModule {}
