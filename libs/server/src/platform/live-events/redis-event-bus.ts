import type { LiveEvent } from '@nlq/contracts';
import type { LiveEventBus, LiveEventListener } from '@nlq/pipeline';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Redis pub/sub channel of live events. */
export const REDIS_LIVE_CHANNEL = 'nlq:live';

/**
 * Live-event bus across api replicas (docs/architecture.md "State and scale"): `publish` only PUBLISHes the event as JSON on
 * the channel; every replica, this one included, has one subscriber connection on the channel and hands each
 * message once to its local listeners. So a listener hears every replica's events exactly once, and never its own
 * twice. Call {@link start} (SUBSCRIBE) before use.
 *
 * `publish` never throws (EventSink contract): an event that cannot be serialised or published is logged and
 * dropped. Messages that are not a JSON object with a string `type` are logged and ignored; a throwing listener is
 * isolated from the others. Events published while Redis is down are lost (pub/sub keeps no backlog).
 */
export class RedisEventBus implements LiveEventBus {
  private readonly listeners = new Set<LiveEventListener>();
  private readonly channel: string;
  private readonly logger: Logger | undefined;
  private readonly onMessage = (channel: string, message: string) => {
    if (channel === this.channel) this.deliver(message);
  };

  /**
   * @param publisher connection for PUBLISH (may be shared with other commands).
   * @param subscriber connection this bus puts in subscriber mode (not usable for other commands afterwards).
   * @param options.channel channel name (default {@link REDIS_LIVE_CHANNEL}); options.logger for dropped events.
   */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    options: { channel?: string; logger?: Logger } = {},
  ) {
    this.channel = options.channel ?? REDIS_LIVE_CHANNEL;
    this.logger = options.logger;
  }

  /** SUBSCRIBE to the channel; resolves once Redis confirmed. Rejects when Redis does not answer. */
  async start(): Promise<void> {
    this.subscriber.on('message', this.onMessage);
    await this.subscriber.subscribe(this.channel);
  }

  /** UNSUBSCRIBE and stop delivering; never throws. */
  async stop(): Promise<void> {
    this.subscriber.off('message', this.onMessage);
    try {
      await this.subscriber.unsubscribe(this.channel);
    } catch {
      // the connection is closing or gone: nothing left to unsubscribe
    }
  }

  publish(event: LiveEvent): void {
    let payload: string;
    try {
      payload = JSON.stringify(event);
    } catch (error) {
      this.logger?.warn({ err: error, eventType: event?.type }, 'live event not serialisable; dropped');
      return;
    }
    try {
      this.publisher.publish(this.channel, payload).catch((error: unknown) => {
        this.logger?.warn({ err: error, eventType: event.type }, 'live event not published to redis; dropped');
      });
    } catch (error) {
      this.logger?.warn({ err: error, eventType: event.type }, 'live event not published to redis; dropped');
    }
  }

  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private deliver(message: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(message) as LiveEvent;
    } catch {
      this.logger?.warn({ channel: this.channel }, 'live channel message is not JSON; ignored');
      return;
    }
    if (event === null || typeof event !== 'object' || typeof event.type !== 'string') {
      this.logger?.warn({ channel: this.channel }, 'live channel message is not an event; ignored');
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // a broken subscriber must not keep the event from the others
      }
    }
  }
}
