import { Module } from '@nestjs/common';
import { OidcClientService } from './oidc-client.service';
import { SignInController } from './sign-in.controller';

/** Sign-in with OpenID Connect: the /api/auth routes and the relying party (docs/http-api.md "Sign-in"). */
@Module({ controllers: [SignInController], providers: [OidcClientService] })
export class SignInModule {}
