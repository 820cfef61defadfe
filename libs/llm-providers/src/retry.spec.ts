import { isRetryableStatus, retryDelayMs } from './retry';

describe('retry policy', () => {
  it('retries only 408, 409, 429 and 5xx', () => {
    expect([400, 401, 403, 404, 408, 409, 422, 429, 500, 503, 529].filter(isRetryableStatus)).toEqual([
      408, 409, 429, 500, 503, 529,
    ]);
  });

  it('backs off exponentially from the base delay with at most 25 % jitter, capped', () => {
    const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 300 };
    for (let i = 0; i < 20; i++) {
      const first = retryDelayMs(0, policy);
      const second = retryDelayMs(1, policy);
      const capped = retryDelayMs(4, policy);
      expect(first).toBeGreaterThanOrEqual(75);
      expect(first).toBeLessThanOrEqual(100);
      expect(second).toBeGreaterThanOrEqual(150);
      expect(second).toBeLessThanOrEqual(200);
      expect(capped).toBeLessThanOrEqual(300);
    }
  });

  it('follows retry-after-ms, then retry-after in seconds or as an HTTP date, capped at 60 s', () => {
    const policy = { maxRetries: 2 };
    expect(retryDelayMs(0, policy, new Headers({ 'retry-after-ms': '15' }))).toBe(15);
    expect(retryDelayMs(0, policy, new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryDelayMs(0, policy, new Headers({ 'retry-after': '3600' }))).toBe(60_000);
    const date = new Date(Date.now() + 5000).toUTCString();
    const fromDate = retryDelayMs(0, policy, new Headers({ 'retry-after': date }));
    expect(fromDate).toBeGreaterThan(3000);
    expect(fromDate).toBeLessThanOrEqual(5000);
  });
});
