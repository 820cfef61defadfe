import { Module } from '@nestjs/common';
import { TracesController } from './traces.controller';
import { TracesService } from './traces.service';

/** GET /api/traces, GET /api/traces/{id}. */
@Module({ controllers: [TracesController], providers: [TracesService] })
export class TracesModule {}
