import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ErrorCode } from '@nlq/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../../platform/common/api.exception';
import { AppConfig } from '../../platform/config/app-config';

/** Host names of the local machine (RFC 6761 section 6.3: `localhost` and its subdomains; the loopback addresses). */
const LOOPBACK_HOST = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why /mcp refuses a request's Origin, or null to accept it. The MCP Streamable HTTP transport's security warning
 * (spec 2025-06-18 "Transports", Security Warning: servers MUST validate the Origin header of incoming connections
 * to prevent DNS rebinding attacks):
 * - no Origin: not a browser (MCP clients, agents, curl), accepted; the key still decides who it is;
 * - CORS_ORIGINS a list: only an origin listed there;
 * - CORS_ORIGINS `*` (development): only a loopback origin (a local inspector such as http://localhost:6274).
 * The service's own origin is not trusted as such: under DNS rebinding a hostile page has the same host name as
 * the request's Host, which is exactly what the attack exploits.
 */
export function mcpOriginProblem(origin: string | undefined, corsOrigins: '*' | string[]): string | null {
  if (origin === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return `Origin ${JSON.stringify(origin)} is not an origin`;
  }
  if (parsed.origin === 'null') return 'Origin "null" is refused';
  if (corsOrigins === '*')
    return LOOPBACK_HOST.test(parsed.hostname)
      ? null
      : `Origin ${parsed.origin} is not local; list it in CORS_ORIGINS to allow it`;
  const allowed = corsOrigins.some((o) => o.replace(/\/+$/, '').toLowerCase() === parsed.origin.toLowerCase());
  return allowed ? null : `Origin ${parsed.origin} is not one of CORS_ORIGINS`;
}

/**
 * Guard of /mcp: refuses a browser request whose Origin {@link mcpOriginProblem} rejects with 403 FORBIDDEN in the
 * error shape, before the key is checked. Runs after the api's cross-site request guard, which refuses foreign
 * origins on every state-changing route already.
 */
@Injectable()
export class McpOriginGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.origin;
    const problem = mcpOriginProblem(Array.isArray(header) ? header[0] : header, this.config.corsOrigins);
    if (problem) throw new ApiException(403, ErrorCode.FORBIDDEN, `MCP request refused: ${problem}.`);
    return true;
  }
}
