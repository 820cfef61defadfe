import { crossSiteProblem, hasBody, mediaType, type CrossSiteRequest } from './cross-site-protection';

const HOST = 'nlq.example:8000';

function req(method: string, headers: CrossSiteRequest['headers'] = {}): CrossSiteRequest {
  return { method, host: HOST, headers };
}

describe('crossSiteProblem (OWASP CSRF cheat sheet, Fetch Metadata)', () => {
  const listed = { corsOrigins: ['https://app.example'] };
  const open = { corsOrigins: '*' as const };

  it('never refuses safe methods', () => {
    expect(
      crossSiteProblem(req('GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), listed),
    ).toBeNull();
    expect(crossSiteProblem(req('OPTIONS', { origin: 'https://evil.example' }), listed)).toBeNull();
  });

  it('accepts JSON bodies and refuses form, multipart and text/plain bodies with 415', () => {
    expect(
      crossSiteProblem(
        req('POST', { 'content-length': '20', 'content-type': 'application/json; charset=utf-8' }),
        open,
      ),
    ).toBeNull();
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain;charset=UTF-8',
      undefined,
    ]) {
      const problem = crossSiteProblem(
        req('POST', { 'content-length': '20', ...(type ? { 'content-type': type } : {}) }),
        open,
      );
      expect(problem).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(
      crossSiteProblem(req('PATCH', { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }), open)
        ?.statusCode,
    ).toBe(415);
  });

  it('lets bodiless state changes through from clients without Origin (curl, SDKs)', () => {
    expect(crossSiteProblem(req('POST'), listed)).toBeNull();
    expect(crossSiteProblem(req('DELETE', { 'content-length': '0' }), listed)).toBeNull();
    expect(crossSiteProblem(req('POST', { 'sec-fetch-site': 'none' }), listed)).toBeNull();
  });

  it('refuses bodiless state changes from a foreign or null Origin, or marked cross-site, with 403', () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://nlq.example:9999' },
    ]) {
      expect(crossSiteProblem(req('POST', headers), listed)).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    }
    // a preflighted JSON request from another site is refused as well (CORS_ORIGINS=* lets it through the preflight)
    const json = {
      'content-length': '2',
      'content-type': 'application/json',
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    };
    expect(crossSiteProblem(req('POST', json), open)?.statusCode).toBe(403);
    // `*` does not make every origin trusted for a simple request
    expect(
      crossSiteProblem(req('POST', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), open)
        ?.statusCode,
    ).toBe(403);
    expect(crossSiteProblem(req('POST', { origin: 'https://evil.example' }), open)?.statusCode).toBe(403);
  });

  it('accepts the own origin, a listed origin, and a same-site origin only under CORS_ORIGINS=*', () => {
    expect(
      crossSiteProblem(req('POST', { origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin' }), listed),
    ).toBeNull();
    expect(
      crossSiteProblem(req('POST', { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' }), listed),
    ).toBeNull();
    expect(
      crossSiteProblem(req('POST', { origin: 'http://nlq.example:5173', 'sec-fetch-site': 'same-site' }), open),
    ).toBeNull();
    expect(
      crossSiteProblem(req('POST', { origin: 'http://nlq.example:5173', 'sec-fetch-site': 'same-site' }), listed)
        ?.statusCode,
    ).toBe(403);
  });

  it('reads body presence and media types', () => {
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
    expect(hasBody({ 'content-length': '3' })).toBe(true);
    expect(mediaType(' Application/JSON ; charset=utf-8')).toBe('application/json');
  });
});
