import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Path prefixes that never fall back to the web app: the API surfaces, the live channel, OpenAPI, the probes and
 * metrics, and paths that look like another API (versioned, GraphQL, RPC, well-known), which answer 404 in the
 * error shape rather than the page.
 */
export const SERVER_PATH_PREFIXES = [
  '/api',
  '/ws',
  '/docs',
  '/docs-json',
  '/query',
  '/approve',
  '/reject',
  '/feedback',
  '/session',
  '/refresh',
  '/health',
  '/livez',
  '/readyz',
  '/metrics',
  '/mcp',
  '/v1',
  '/v2',
  '/v3',
  '/graphql',
  '/rpc',
  '/.well-known',
];

/** true when `pathname` is a server path ({@link SERVER_PATH_PREFIXES}, whole segments) rather than a page. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * true when a request's Accept header asks for JSON and not for a page (`application/json` or `+json` without
 * `text/html`): such a client gets 404 in the error shape for an unknown path, never index.html. Browsers navigating
 * send text/html; a missing Accept or `*\/*` still gets the page.
 */
export function wantsJsonOnly(accept: string | undefined): boolean {
  const value = (accept ?? '').toLowerCase();
  return /application\/(?:[\w.-]+\+)?json/.test(value) && !value.includes('text/html');
}

/**
 * Serve the built web app from `distDir` on `fastify`: its files (@fastify/static, one route per file found at
 * start, so they must be built before the api starts), `/` as index.html, and index.html for every other GET
 * whose path is not a server path, has no file extension and does not ask for JSON only (client-side routes such
 * as /chat, /traces/abc).
 * Other unknown paths go to the not-found handler (404 in the error shape). Does nothing and answers false when
 * `distDir/index.html` does not exist.
 */
export async function registerWebApp(fastify: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  // Loaded only when there is an app to serve (content-disposition, a dependency, is an ES module).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fastifyStatic = require('@fastify/static') as typeof import('@fastify/static');
  // Not awaited: awaiting would make Fastify load its plugins before Nest has registered its routes and error handler.
  void fastify.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    cacheControl: true,
    maxAge: '1h',
  });
  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return reply.callNotFound();
    }
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (isServerPath(pathname) || lastSegment.includes('.') || wantsJsonOnly(request.headers.accept))
      return reply.callNotFound();
    const html = await fs.promises.readFile(indexFile);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return true;
}
