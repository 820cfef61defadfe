import { Module } from '@nestjs/common';
import { DataPoliciesController } from './data-policies.controller';
import { DataPoliciesService } from './data-policies.service';

/** /api/connections/{id}/policy: the data policy of each connection. */
@Module({
  controllers: [DataPoliciesController],
  providers: [DataPoliciesService],
  exports: [DataPoliciesService],
})
export class DataPoliciesModule {}
