import { isAdapterPath, normalizePrefix, stripPrefix } from './adapter-routes';

describe('adapter routes', () => {
  it('knows the seven paths of docs/http-api.md "Contract: query adapter" and nothing else', () => {
    for (const p of [
      '/query',
      '/refresh',
      '/health',
      '/approve/s1',
      '/reject/s1',
      '/feedback/s1',
      '/session/s1',
      '/session/a/b',
    ])
      expect(isAdapterPath(p)).toBe(true);
    for (const p of ['/', '/api/health', '/docs', '/ws/live', '/query/x', '/queryx', '/session', '/healthz'])
      expect(isAdapterPath(p)).toBe(false);
  });

  it('strips a mount prefix on whole segments and keeps the query string', () => {
    expect(stripPrefix('/nlq/query?x=1', '/nlq')).toEqual({ url: '/query?x=1', pathname: '/query' });
    expect(stripPrefix('/nlq', '/nlq')).toEqual({ url: '/', pathname: '/' });
    expect(stripPrefix('/nlq?a', '/nlq')).toEqual({ url: '/?a', pathname: '/' });
    expect(stripPrefix('/nlqx/query', '/nlq')).toBeNull();
    expect(stripPrefix('/other', '/nlq')).toBeNull();
    expect(stripPrefix('/health', '')).toEqual({ url: '/health', pathname: '/health' });
  });

  it('normalizes prefixes', () => {
    expect(normalizePrefix(undefined)).toBe('');
    expect(normalizePrefix('/')).toBe('');
    expect(normalizePrefix('nlq/')).toBe('/nlq');
    expect(normalizePrefix('/a/b//')).toBe('/a/b');
  });
});
