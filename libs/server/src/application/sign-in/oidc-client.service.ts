import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@nlq/contracts';
import * as oidc from 'openid-client';
import { ApiException } from '../../platform/common/api.exception';
import { AppConfig, isLoopbackHost } from '../../platform/config/app-config';
import type { OidcSettings } from '../../platform/config/oidc-settings';

/** What the login step keeps for the callback (sealed in the sign-in cookie). */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect relying party (authorization code flow with PKCE, RFC 7636 S256; OpenID Connect Core 1.0
 * section 3.1) through `openid-client`: the provider's discovery document is fetched on first use and kept; a
 * failed discovery is retried on the next sign-in. Plain-http issuers are accepted only on a loopback host (local
 * providers in development and tests).
 */
@Injectable()
export class OidcClientService {
  private readonly settings: OidcSettings | null;
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(config: AppConfig) {
    this.settings = config.oidc;
  }

  /**
   * A new login: the provider's authorization URL and the transaction to keep until the callback.
   * @throws ApiException 404 when sign-in is not configured, 503 UPSTREAM_UNAVAILABLE when the provider cannot be reached
   */
  async startLogin(): Promise<{ url: string; transaction: LoginTransaction }> {
    const { configuration, settings } = await this.configuration();
    const transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: settings.redirectUrl,
      scope: settings.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url: url.href, transaction };
  }

  /**
   * Finish a login: exchange the code of the callback URL's query (`?code=...&state=...`) checking state, nonce
   * and the PKCE verifier; answer the ID token's claims merged with the UserInfo answer (UserInfo wins).
   * @throws ApiException 401 when the provider refused or the callback does not match the transaction
   */
  async finishLogin(query: string, transaction: LoginTransaction): Promise<Record<string, unknown>> {
    const { configuration, settings } = await this.configuration();
    const callback = new URL(settings.redirectUrl);
    callback.search = query;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw ApiException.unauthorized(`Sign-in failed: ${describe(error)}`);
    }
    const claims: Record<string, unknown> = Object.assign(Object.create(null), tokens.claims() ?? {});
    if (configuration.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub)).catch(() => null);
      if (info) Object.assign(claims, info);
    }
    return claims;
  }

  private async configuration(): Promise<{ configuration: oidc.Configuration; settings: OidcSettings }> {
    const settings = this.settings;
    if (!settings) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Sign-in is not configured (OIDC_ISSUER_URL).');
    this.discovered ??= discover(settings);
    try {
      return { configuration: await this.discovered, settings };
    } catch (error) {
      this.discovered = null;
      throw new ApiException(
        503,
        ErrorCode.UPSTREAM_UNAVAILABLE,
        `The sign-in provider ${settings.issuerUrl} cannot be reached: ${describe(error)}`,
      );
    }
  }
}

function discover(settings: OidcSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  return oidc.discovery(
    issuer,
    settings.clientId,
    undefined,
    settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

function describe(error: unknown): string {
  const e = error as { message?: string; error?: string; error_description?: string; cause?: unknown };
  if (e?.error) return `${e.error}${e.error_description ? ` (${e.error_description})` : ''}`;
  return e?.message ?? String(error);
}
