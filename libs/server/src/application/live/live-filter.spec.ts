import type { LiveEvent } from '@nlq/contracts';
import { mayHear } from './live-filter';

const event = (
  sessionId: string | null,
  userId: string | null,
  type: LiveEvent['type'] = 'stage.started',
): LiveEvent => ({
  type,
  sessionId,
  userId,
  traceId: null,
  at: '2026-01-01T00:00:00Z',
  data: {},
});

describe('mayHear', () => {
  const alice = { userId: 'alice', role: 'viewer', attributes: {}, via: 'user-key' } as const;
  const service = { userId: 'service', role: 'admin', attributes: {}, via: 'service-key' } as const;

  it("lets a user hear its own sessions' events and service-wide ones only", () => {
    expect(mayHear(alice, event('s1', 'alice'))).toBe(true);
    expect(mayHear(alice, event('s2', 'bob'))).toBe(false);
    expect(mayHear(alice, event(null, null))).toBe(true);
    expect(mayHear(alice, event(null, 'bob'))).toBe(false);
  });

  it("lets an approver hear every session's approval events, and only its own others", () => {
    const carol = { userId: 'carol', role: 'approver', attributes: {}, via: 'user-key' } as const;
    expect(mayHear(carol, event('s2', 'bob', 'approval.pending'))).toBe(true);
    expect(mayHear(carol, event('s2', 'bob'))).toBe(false);
    expect(mayHear(alice, event('s2', 'bob', 'approval.pending'))).toBe(false);
  });

  it('lets the service key hear everything', () => {
    expect(mayHear(service, event('s2', 'bob'))).toBe(true);
    expect(mayHear(service, event(null, null))).toBe(true);
  });
});
