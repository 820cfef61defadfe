import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiKeyService } from './api-key.service';
import { SecretBox } from './secret-box';
import { SessionAuth } from './session-auth';

/**
 * Keys of the application surface and the secret box (global): {@link ApiKeyService}, {@link ApiAuthGuard} for
 * every /api controller and the /ws/live gateway, and the {@link SecretBox} that encrypts stored secrets.
 */
@Global()
@Module({
  providers: [
    ApiKeyService,
    ApiAuthGuard,
    SessionAuth,
    {
      provide: SecretBox,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => SecretBox.open(config.encryptionKey, config.dataDir),
    },
  ],
  exports: [ApiKeyService, ApiAuthGuard, SecretBox, SessionAuth],
})
export class ApiAuthModule {}
