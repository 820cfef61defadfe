import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { LlmsController } from './llms.controller';
import { LlmsService } from './llms.service';

/** /api/llms; installs the stored active provider in the TargetResolver at start. */
@Module({ imports: [TargetsModule], controllers: [LlmsController], providers: [LlmsService] })
export class LlmsModule {}
