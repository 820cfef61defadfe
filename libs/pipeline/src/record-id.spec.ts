import { recordId } from './record-id';

describe('recordId', () => {
  it('is a version 7 UUID (RFC 9562) whose first 48 bits are the current Unix time in milliseconds', () => {
    const before = Date.now();
    const id = recordId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
  });

  it('sorts in the order the ids were made, so new rows land together at the end of an id index', () => {
    const ids = Array.from({ length: 2_000 }, () => recordId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
