/**
 * Where a person approves or rejects a session's pending write: the web app's chat page showing that session
 * (`/chat?session=<id>`, apps/web chat-page.tsx), under `webAppUrl` (McpCallContext: WEB_APP_URL, else the address the
 * api listens on, localOrigin; never the request's Host; a path in WEB_APP_URL is kept). No MCP tool decides a write
 * (docs/mcp.md): the agent passes this link on to a person.
 */
export function approvalLink(webAppUrl: string, sessionId: string): string {
  const url = new URL('chat', webAppUrl.endsWith('/') ? webAppUrl : `${webAppUrl}/`);
  url.searchParams.set('session', sessionId);
  return url.toString();
}

/**
 * The api's own origin as the socket a request arrived on shows it (`http://127.0.0.1:8000`, IPv6 in brackets,
 * IPv4-mapped IPv6 as IPv4): the address and port this replica listens on, which no request header can change
 * (the Host header is the client's choice). Used for links when WEB_APP_URL is unset (docs/configuration.md).
 */
export function localOrigin(socket: { localAddress?: string; localPort?: number }): string {
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}
