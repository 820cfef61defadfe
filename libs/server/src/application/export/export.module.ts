import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

/** GET /api/export. */
@Module({ imports: [TargetsModule], controllers: [ExportController], providers: [ExportService] })
export class ExportModule {}
