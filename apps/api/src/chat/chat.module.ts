import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

/** POST /api/chat. */
@Module({ controllers: [ChatController], providers: [ChatService] })
export class ChatModule {}
