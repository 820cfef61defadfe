/**
 * Where a person approves or rejects a session's pending write: the web app's chat page showing that session
 * (`/chat?session=<id>`, apps/web chat-page.tsx), under `webAppUrl` (McpCallContext: WEB_APP_URL, else the api's own
 * origin, where it serves the web app; a path in WEB_APP_URL is kept). No MCP tool decides a write (issue 25): the agent passes this link on to a person.
 */
export function approvalLink(webAppUrl: string, sessionId: string): string {
  const url = new URL('chat', webAppUrl.endsWith('/') ? webAppUrl : `${webAppUrl}/`);
  url.searchParams.set('session', sessionId);
  return url.toString();
}
