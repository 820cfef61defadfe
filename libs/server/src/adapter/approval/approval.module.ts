import { Module } from '@nestjs/common';
import { ApprovalController } from './approval.controller';
import { ApprovalService } from './approval.service';

/** POST /approve/{session_id}, POST /reject/{session_id}. */
@Module({ controllers: [ApprovalController], providers: [ApprovalService] })
export class ApprovalModule {}
