import { Module } from '@nestjs/common';
import { ExamplesController } from './examples.controller';
import { ExamplesService } from './examples.service';

/** Verified examples: GET /api/knowledge/examples, POST .../{id}/promote and .../{id}/reject. */
@Module({ controllers: [ExamplesController], providers: [ExamplesService] })
export class ExamplesModule {}
