import type { LiveEvent } from '@nlq/contracts';
import { InMemoryEventBus } from './event-bus';
import { TraceRecorder, safePublish } from './trace-recorder';

describe('TraceRecorder', () => {
  it('records spans with timing, tokens, error and detail and publishes stage events', () => {
    let now = Date.UTC(2024, 0, 1);
    const bus = new InMemoryEventBus();
    const events: LiveEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const rec = new TraceRecorder('t1', { sessionId: 's1', userId: 'u1' }, bus, () => now);
    const span = rec.start('generate');
    now += 25;
    span.end('ok', { tokens: { prompt: 10, completion: 5 }, detail: { attempt: 1 } });
    span.end('error'); // ignored: a span ends once
    rec.start('check').end('error', { error: 'unknown column x' });

    expect(rec.spans).toEqual([
      {
        name: 'generate',
        startedAt: '2024-01-01T00:00:00.000Z',
        durationMs: 25,
        outcome: 'ok',
        tokens: { prompt: 10, completion: 5 },
        error: null,
        detail: { attempt: 1 },
      },
      expect.objectContaining({ name: 'check', outcome: 'error', error: 'unknown column x' }),
    ]);
    expect(events.map((e) => `${e.type}:${e.data.stage}`)).toEqual([
      'stage.started:generate',
      'stage.finished:generate',
      'stage.started:check',
      'stage.finished:check',
    ]);
    expect(events[1]).toMatchObject({
      sessionId: 's1',
      userId: 'u1',
      traceId: 't1',
      data: { durationMs: 25, outcome: 'ok' },
    });

    const trace = rec.toTrace({ question: 'q', sql: null, status: 'error', error: 'x' });
    expect(trace).toMatchObject({ id: 't1', sessionId: 's1', userId: 'u1', durationMs: 25, status: 'error' });
    expect(trace.spans).toHaveLength(2);
  });

  it('survives a sink that throws', () => {
    const rec = new TraceRecorder(
      't',
      { sessionId: 's', userId: 'u' },
      {
        publish: () => {
          throw new Error('down');
        },
      },
    );
    expect(() => rec.start('intake').end('ok')).not.toThrow();
  });

  it('scrubs credentials and server paths from span errors, span detail, the trace error and published events', () => {
    const bus = new InMemoryEventBus();
    const events: LiveEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const rec = new TraceRecorder('t2', { sessionId: 's2', userId: 'u2' }, bus);
    const dbError = 'could not open /home/x/data/shop.db via postgres://report:Hunter2-Secret@10.0.0.5/warehouse';
    const span = rec
      .start('execute')
      .end('error', { error: dbError, detail: { kind: 'syntax', attempt: 1, retry: { error: dbError } } });
    const scrubbed = 'could not open [path] via postgres://report:***@10.0.0.5/warehouse';
    expect(span).toMatchObject({ error: scrubbed, detail: { kind: 'syntax', attempt: 1, retry: { error: scrubbed } } });
    const trace = rec.toTrace({ question: 'q', sql: 'SELECT 1', status: 'error', error: `gave up: ${dbError}` });
    expect(trace.error).toBe(`gave up: ${scrubbed}`);
    expect(JSON.stringify(trace)).not.toMatch(/Hunter2|\/home\/x/);

    rec.publish('answer.ready', { success: false, sql: 'SELECT 1', response: dbError, error: dbError });
    safePublish(bus, {
      type: 'approval.failed',
      sessionId: 's2',
      userId: 'u2',
      traceId: null,
      at: new Date(0).toISOString(),
      data: { sql: 'DELETE FROM t', error: dbError },
    });
    expect(events.find((e) => e.type === 'answer.ready')?.data).toMatchObject({ response: scrubbed, error: scrubbed });
    expect(events.find((e) => e.type === 'approval.failed')?.data.error).toBe(scrubbed);
  });
});
