import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../../platform/common/api.exception';
import { SecretBox } from '../../platform/auth/secret-box';
import { SessionAuth } from '../../platform/auth/session-auth';
import { SERVICE_USER_ID } from '../../platform/auth/caller';
import { AppConfig } from '../../platform/config/app-config';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { clearLoginCookie, loginCookie, readLoginTransaction } from './login-transaction-cookie';
import { OidcClientService } from './oidc-client.service';
import { principalFromClaims } from './principal-from-claims';
import { SignInConfigDto, SignedInUserDto } from './sign-in.dto';

/**
 * Sign-in of the web app with OpenID Connect (docs/http-api.md "Sign-in"): /api/auth/config tells whether it is
 * configured, /api/auth/login sends the browser to the provider, /api/auth/callback sets the session cookie and
 * returns to the web app, /api/auth/me answers who is signed in, /api/auth/logout ends the session. API keys keep
 * working for programs and the MCP server; these routes need none.
 */
@ApiTags('application: sign-in')
@Controller('api/auth')
export class SignInController {
  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionAuth,
    private readonly box: SecretBox,
    private readonly client: OidcClientService,
  ) {}

  @Get('config')
  @ApiOperation({ summary: 'Whether sign-in with OpenID Connect is configured (no key needed)' })
  @ApiOkResponse({ type: SignInConfigDto })
  signInConfig(): SignInConfigDto {
    return { oidc: this.sessions.enabled };
  }

  /** 302 to the provider's authorization endpoint, with state, nonce and the PKCE challenge (S256). */
  @Get('login')
  @ApiExcludeEndpoint()
  async login(@Res() reply: FastifyReply): Promise<void> {
    const { url, transaction } = await this.client.startLogin();
    await reply
      .status(302)
      .header('cache-control', 'no-store')
      .header('set-cookie', loginCookie(this.box, transaction, this.sessions.secure))
      .header('location', url)
      .send();
  }

  /** The provider's redirect: exchanges the code, sets the session cookie, 302 to the web app. */
  @Get('callback')
  @ApiExcludeEndpoint()
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const transaction = readLoginTransaction(this.box, request.headers);
    if (!transaction)
      throw ApiException.unauthorized('The sign-in attempt expired or was not started here; sign in again.');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const claims = await this.client.finishLogin(query, transaction);
    const principal = principalFromClaims(claims, this.config.oidc!, Date.now() / 1000);
    if (principal.userId === SERVICE_USER_ID) {
      throw ApiException.unauthorized('The user id "service" is reserved for the service key.');
    }
    await reply
      .status(302)
      .header('cache-control', 'no-store')
      .header('set-cookie', [clearLoginCookie(this.sessions.secure), this.sessions.issueCookie(principal)])
      .header('location', this.config.webAppUrl ? `${this.config.webAppUrl}/` : '/')
      .send();
  }

  @Get('me')
  @ApiOperation({ summary: 'Who is signed in (the session cookie); 401 without a session or after it expired' })
  @ApiOkResponse({ type: SignedInUserDto })
  @ErrorResponseDto.document(401)
  me(@Req() request: FastifyRequest): SignedInUserDto {
    const principal = this.sessions.authenticate(request.headers);
    if (!principal) throw ApiException.unauthorized('Not signed in.');
    return {
      user_id: principal.userId,
      name: principal.name,
      role: principal.role,
      attributes: principal.attributes,
      via: principal.via,
      expires_at: new Date(principal.expiresAt * 1000).toISOString(),
    };
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: deletes the session cookie' })
  @ApiNoContentResponse({ description: 'Signed out' })
  logout(@Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.header('set-cookie', this.sessions.clearCookie());
  }
}
