import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';

/** /api/connections; registers the stored connections in the TargetResolver at start. */
@Module({ imports: [TargetsModule], controllers: [ConnectionsController], providers: [ConnectionsService], exports: [ConnectionsService] })
export class ConnectionsModule {}
