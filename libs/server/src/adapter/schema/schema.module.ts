import { Module } from '@nestjs/common';
import { TargetsModule } from '../../platform/targets/targets.module';
import { SchemaController } from './schema.controller';
import { SchemaService } from './schema.service';

/** POST /refresh. */
@Module({ imports: [TargetsModule], controllers: [SchemaController], providers: [SchemaService] })
export class SchemaModule {}
