import { isServerPath, wantsJsonOnly } from './web-app.routes';

describe('web-app fallback', () => {
  it('keeps server and API-looking paths from the page', () => {
    for (const p of [
      '/api/x',
      '/livez',
      '/readyz',
      '/metrics',
      '/mcp',
      '/mcp/x',
      '/v1/query',
      '/graphql',
      '/.well-known/openid-configuration',
      '/health',
    ])
      expect(isServerPath(p)).toBe(true);
    for (const p of ['/', '/chat', '/traces/abc', '/apis', '/v1x']) expect(isServerPath(p)).toBe(false);
  });

  it('serves the page unless the client asks for JSON only', () => {
    expect(wantsJsonOnly('application/json')).toBe(true);
    expect(wantsJsonOnly('application/problem+json, */*;q=0.1')).toBe(true);
    expect(wantsJsonOnly('text/html,application/xhtml+xml,application/json;q=0.9')).toBe(false);
    expect(wantsJsonOnly('*/*')).toBe(false);
    expect(wantsJsonOnly(undefined)).toBe(false);
  });
});
