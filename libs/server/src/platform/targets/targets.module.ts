import { Module } from '@nestjs/common';
import { TargetResolverService } from './target-resolver.service';

/** The per-request resolver of database connection and model provider. */
@Module({ providers: [TargetResolverService], exports: [TargetResolverService] })
export class TargetsModule {}
