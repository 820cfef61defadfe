import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { ApiHealthController } from './api-health.controller';
import { ApiHealthService } from './api-health.service';

/** GET /api/health. */
@Module({ imports: [TargetsModule], controllers: [ApiHealthController], providers: [ApiHealthService] })
export class ApiHealthModule {}
