import { Module } from '@nestjs/common';
import { TargetsModule } from '../../../platform/targets/targets.module';
import { DataPoliciesModule } from '../../policies/data-policies.module';
import { KnowledgeDefinitionsController } from './knowledge-definitions.controller';
import { KnowledgeDefinitionsService } from './knowledge-definitions.service';

/** /api/knowledge/definitions, /api/knowledge/export and /api/knowledge/import (docs/knowledge.md). */
@Module({
  imports: [TargetsModule, DataPoliciesModule],
  controllers: [KnowledgeDefinitionsController],
  providers: [KnowledgeDefinitionsService],
})
export class KnowledgeDefinitionsModule {}
