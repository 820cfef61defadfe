import { presentedApiKey } from './presented-key';

describe('presentedApiKey', () => {
  it('reads X-API-Key first, then an Authorization bearer token', () => {
    expect(presentedApiKey({ 'x-api-key': 'k1' })).toBe('k1');
    expect(presentedApiKey({ authorization: 'Bearer k2' })).toBe('k2');
    expect(presentedApiKey({ authorization: 'bearer   k2 ' })).toBe('k2');
    expect(presentedApiKey({ 'x-api-key': 'k1', authorization: 'Bearer k2' })).toBe('k1');
    expect(presentedApiKey({ 'x-api-key': ['k3', 'k4'] })).toBe('k3');
  });

  it('answers null without a key', () => {
    expect(presentedApiKey({})).toBeNull();
    expect(presentedApiKey({ 'x-api-key': '' })).toBeNull();
    expect(presentedApiKey({ authorization: 'Basic dXNlcjpwYXNz' })).toBeNull();
    expect(presentedApiKey({ authorization: 'Bearer' })).toBeNull();
    expect(presentedApiKey({ authorization: 'Bearer a b' })).toBeNull();
  });
});
