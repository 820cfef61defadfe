import { ProviderError } from '@nlq/pipeline';
import { toErrorResponse } from '../common/error-mapping';
import { toQueryResponse } from '../pipeline/query-response.mapper';
import { AppConfig, ConfigValidationError, parseTrustProxy } from '../config/app-config';
import { MemoryFailureStore, throttleKeys } from './auth-throttle';
import { rememberConnectionUrlSecrets, rememberSecrets, scrubMessage } from './secret-scrubber';

describe('TRUST_PROXY (Fastify trustProxy)', () => {
  it('parses off, true, a hop count and a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(AppConfig.fromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => AppConfig.fromEnv({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('SERVICE_API_KEY length in production', () => {
  it('refuses a key under 24 characters when NODE_ENV=production, and accepts it in development', () => {
    const short = 'short-key-1234567';
    expect(() =>
      AppConfig.fromEnv({ NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example', SERVICE_API_KEY: short }),
    ).toThrow(ConfigValidationError);
    expect(() =>
      AppConfig.fromEnv({ NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example', SERVICE_API_KEY: short }),
    ).toThrow(/at least 24/);
    expect(AppConfig.fromEnv({ SERVICE_API_KEY: short }).serviceApiKey).toBe(short);
    expect(
      AppConfig.fromEnv({ NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example', SERVICE_API_KEY: 'x'.repeat(24) })
        .serviceApiKey,
    ).toHaveLength(24);
  });
});

describe('MemoryFailureStore and throttle keys', () => {
  it('counts in a fixed window that starts at the first failure', async () => {
    let now = 1_000;
    const store = new MemoryFailureStore(() => now);
    expect(await store.peek('ip:a')).toEqual({ count: 0, resetMs: 0 });
    expect(await store.hit('ip:a', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 10_000;
    expect(await store.hit('ip:a', 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    now += 50_000;
    expect(await store.peek('ip:a')).toEqual({ count: 0, resetMs: 0 });
  });

  it('keys the prefix by a digest, never by the key itself', () => {
    const keys = throttleKeys('::ffff:127.0.0.1', 'nlq_abcdefghijklmnop');
    expect(keys.address).toBe('ip:127.0.0.1');
    expect(keys.prefix).toMatch(/^prefix:[0-9a-f]{32}$/);
    expect(keys.prefix).toBe(throttleKeys('10.0.0.1', 'nlq_abcdefghOTHER').prefix);
  });
});

describe('scrubMessage', () => {
  it('blanks remembered secrets (as written and percent-decoded) and generic credential shapes', () => {
    rememberConnectionUrlSecrets('postgres://app:s3cr%40t-pw@db.internal:5432/shop?sslpassword=zzzz9');
    rememberSecrets('sk-live-provider-key-000');
    const text = scrubMessage(
      'connect failed for app:s3cr@t-pw (s3cr%40t-pw) and zzzz9; key sk-live-provider-key-000; url mysql://root:hunter22@h/db; password=abc123;\n    at Socket.<anonymous> (/app/node_modules/pg/lib/client.js:1:2)',
    );
    expect(text).not.toMatch(/s3cr|zzzz9|provider-key|hunter22|abc123|node_modules/);
    expect(text).toContain('mysql://root:***@h/db');
    expect(scrubMessage('Unexpected token: FROM near "orders"')).toBe('Unexpected token: FROM near "orders"');
  });
});

describe('error responses and pipeline errors are scrubbed', () => {
  it('blanks a remembered model key in a 502 and a password URL in a failed query', () => {
    rememberSecrets('sk-proj-remembered-0000000000');
    const body = toErrorResponse(
      new ProviderError('401 Incorrect API key provided: sk-proj-remembered-0000000000'),
      'req-1',
    );
    expect(body).toMatchObject({ statusCode: 502, requestId: 'req-1' });
    expect(body.message).not.toContain('remembered-0000000000');
    const failed = toQueryResponse({
      success: false,
      response: 'The database could not be reached: connect to postgres://app:pw-in-url@db/x failed',
      error: 'The database could not be reached: connect to postgres://app:pw-in-url@db/x failed',
      sql: '',
      pendingApproval: false,
      sessionId: 's',
    } as never);
    expect(JSON.stringify(failed)).not.toContain('pw-in-url');
    expect(failed.error).toContain('postgres://app:***@db/x');
  });
});
