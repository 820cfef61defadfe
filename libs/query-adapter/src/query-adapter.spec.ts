import { adapterEnvironment } from './query-adapter';

describe('adapterEnvironment', () => {
  it('takes the api settings by their environment names and api_key as SERVICE_API_KEY; ignores everything else', () => {
    expect(
      adapterEnvironment({
        api_key: 'k-12345678',
        QUERY_DATABASE_URL: 'sqlite:///srv/shop.db',
        SERVICE_MODE: 'admin',
        prefix: '/nlq',
        logLevel: 'info',
      } as never),
    ).toEqual({ SERVICE_API_KEY: 'k-12345678', QUERY_DATABASE_URL: 'sqlite:///srv/shop.db', SERVICE_MODE: 'admin' });
  });

  it('api_key wins over SERVICE_API_KEY given beside it', () => {
    expect(adapterEnvironment({ api_key: 'option-key-1', SERVICE_API_KEY: 'env-key-123' })).toEqual({
      SERVICE_API_KEY: 'option-key-1',
    });
  });

  it('refuses an empty or non-string api_key', () => {
    expect(() => adapterEnvironment({ api_key: '' })).toThrow(TypeError);
    expect(() => adapterEnvironment({ api_key: 42 as never })).toThrow(/api_key must be a non-empty string/);
  });
});
