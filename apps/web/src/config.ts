/**
 * Where the web app finds the API (docs/http-api.md "Contract: application surface"): http://localhost:8000 in development, the same origin in
 * production (paths start with /api), overridable at build time by VITE_API_BASE (see vite.config.ts).
 */
export const API_BASE: string = typeof __NLQ_API_BASE__ === 'string' ? __NLQ_API_BASE__ : '';

/**
 * URL of the /ws/live WebSocket for an API base: ws(s) on the base's host, or on the page's host when the base is
 * the same origin ('').
 */
export function liveUrl(apiBase: string, pageLocation: { protocol: string; host: string }): string {
  if (apiBase) {
    const u = new URL(apiBase);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    u.pathname = `${u.pathname.replace(/\/+$/, '')}/ws/live`;
    return u.toString();
  }
  return `${pageLocation.protocol === 'https:' ? 'wss:' : 'ws:'}//${pageLocation.host}/ws/live`;
}

/** localStorage slot of the API key (kept in the browser, asked for once). */
export const KEY_STORAGE_SLOT = 'nlq.apiKey';
