import { Global, Module } from '@nestjs/common';
import { AuthThrottleService } from './auth-throttle.service';

/** Provides {@link AuthThrottleService} everywhere. */
@Global()
@Module({ providers: [AuthThrottleService], exports: [AuthThrottleService] })
export class SecurityModule {}
