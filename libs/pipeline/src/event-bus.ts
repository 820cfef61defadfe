import type { LiveEvent } from '@nlq/contracts';
import type { EventSink } from './ports';

/** Listener of live events; return value ignored. */
export type LiveEventListener = (event: LiveEvent) => void;

/** Where the pipeline publishes live events and /ws/live listens: EventSink plus `subscribe` (returns unsubscribe). */
export interface LiveEventBus extends EventSink {
  subscribe(listener: LiveEventListener): () => void;
}

/**
 * In-process EventSink with subscribers (the single-replica default; apps/api fans out through Redis pub/sub when
 * REDIS_URL is set). `publish` never throws: a failing listener is isolated from the others and from the pipeline.
 */
export class InMemoryEventBus implements LiveEventBus {
  private readonly listeners = new Set<LiveEventListener>();

  publish(event: LiveEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // a broken subscriber must not break the request that published the event
      }
    }
  }

  /** Register a listener; returns the function that unsubscribes it. */
  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/**
 * An EventSink that publishes each event to every one of `sinks` in order (a throwing sink is skipped): the
 * service-wide bus plus one request's own listener, e.g. POST /api/chat/stream's server-sent events.
 */
export function teeEvents(...sinks: EventSink[]): EventSink {
  return {
    publish(event: LiveEvent): void {
      for (const sink of sinks) {
        try {
          sink.publish(event);
        } catch {
          // EventSink must never throw; one failing sink must not keep the event from the others
        }
      }
    },
  };
}
