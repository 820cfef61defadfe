import type { LiveEvent } from '@nlq/contracts';
import { InMemoryEventBus } from './event-bus';

const event: LiveEvent = {
  type: 'answer.ready',
  sessionId: 's',
  userId: 'u',
  traceId: 't',
  at: '2024-01-01T00:00:00.000Z',
  data: {},
};

describe('InMemoryEventBus', () => {
  it('delivers to subscribers until they unsubscribe, isolating a failing listener', () => {
    const bus = new InMemoryEventBus();
    const got: LiveEvent[] = [];
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    const off = bus.subscribe((e) => got.push(e));
    expect(() => bus.publish(event)).not.toThrow();
    off();
    bus.publish(event);
    expect(got).toEqual([event]);
  });
});
