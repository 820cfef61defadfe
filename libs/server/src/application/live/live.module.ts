import { Module } from '@nestjs/common';
import { LiveGateway } from './live.gateway';

/** The /ws/live channel. */
@Module({ providers: [LiveGateway], exports: [LiveGateway] })
export class LiveModule {}
