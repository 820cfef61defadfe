import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';
import { ConnectionGuideController } from './connection-guide.controller';
import { ConnectionGuideService } from './connection-guide.service';

/** /api/connections (and each connection's schema and example questions); registers the stored connections in the TargetResolver at start. */
@Module({
  imports: [TargetsModule],
  controllers: [ConnectionsController, ConnectionGuideController],
  providers: [ConnectionsService, ConnectionGuideService],
  exports: [ConnectionsService],
})
export class ConnectionsModule {}
