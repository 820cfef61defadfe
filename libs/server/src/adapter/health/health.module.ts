import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { ProbesController } from './probes.controller';
import { ShutdownState } from './shutdown-state';

/** GET /health, and the keyless probes GET /livez and GET /readyz with the shutdown state they report. */
@Module({
  imports: [TargetsModule],
  controllers: [HealthController, ProbesController],
  providers: [HealthService, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
