import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { LiveEvent } from '@nlq/contracts';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { ApiKeyService } from '../../platform/auth/api-key.service';
import type { Caller } from '../../platform/auth/caller';
import { SessionAuth } from '../../platform/auth/session-auth';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { AuthThrottleService } from '../../platform/security/auth-throttle.service';
import { LIVE_EVENT_BUS, type LiveEventBus } from '../../platform/live-events/live-event-bus';
import { mayHear } from './live-filter';
import { liveSession, type LiveSessionOutcome } from './live-session';

/** Path of the live channel (docs/http-api.md "Contract: events"). */
export const LIVE_PATH = '/ws/live';
/** A socket that has not authenticated within this many milliseconds is closed (code 4408). */
export const LIVE_AUTH_TIMEOUT_MS = 5000;
/** Close codes: a refused key, no auth message in time, a malformed first message. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_AUTH_TIMEOUT = 4408;
export const CLOSE_BAD_MESSAGE = 4400;
/** Close code of a socket whose address or key prefix sent too many wrong keys (AUTH_FAILURE_LIMIT; HTTP 429). */
export const CLOSE_THROTTLED = 4429;
/** Interval of the WebSocket pings that detect dead peers, in milliseconds. */
const HEARTBEAT_MS = 30_000;
/** The longest delay setTimeout accepts (2^31-1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * /ws/live on the api's own HTTP server (the `ws` package in noServer mode, upgrade requests on /ws/live only).
 *
 * Protocol: a browser signed in with OpenID Connect is authenticated by its session cookie on the upgrade request
 * ({@link liveSession}: ready at once; an expired or altered session gets an error and close 4401, and the socket
 * is closed with 4401 when its session ends). Otherwise the client's first message is
 * `{"type":"auth","api_key":"<key>"}` (within 5 s, else close 4408); the server answers `{"type":"ready","user_id":"<user>"}` and from then on sends each LiveEvent of the live-event
 * bus (LIVE_EVENT_BUS: every replica's events when REDIS_URL is set) that the key may hear ({@link mayHear}); a
 * wrong key gets `{"type":"error","message":...}` and close 4401, and counts as a failed authentication of the
 * client address (AuthThrottleService); a throttled address or key prefix gets an error message with
 * `retry_after_seconds` and close 4429 before its key is checked. Later client messages are ignored. Sticky
 * routing is needed behind a load balancer (docs/http-api.md "Contract: events").
 */
@Injectable()
export class LiveGateway implements OnModuleInit, BeforeApplicationShutdown {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 });
  private server: Server | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly alive = new WeakSet<WebSocket>();
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head);

  constructor(
    private readonly httpAdapterHost: HttpAdapterHost,
    private readonly keys: ApiKeyService,
    @Inject(LIVE_EVENT_BUS) private readonly bus: LiveEventBus,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly throttle: AuthThrottleService,
    private readonly sessions: SessionAuth,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.server = this.httpAdapterHost.httpAdapter.getHttpServer() as Server;
    this.server.on('upgrade', this.onUpgrade);
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  beforeApplicationShutdown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.server?.off('upgrade', this.onUpgrade);
    for (const client of this.wss.clients) client.close(1001, 'server shutting down');
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== LIVE_PATH) {
      if (this.server && this.server.listenerCount('upgrade') <= 1) socket.destroy();
      return;
    }
    const address = this.throttle.clientAddress(req);
    let session: LiveSessionOutcome;
    try {
      session = liveSession(req, this.sessions, { corsOrigins: this.config.corsOrigins });
    } catch (error) {
      this.logger.error({ err: error }, 'live channel session check failed');
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) =>
      session.kind === 'none' ? this.accept(ws, address) : this.acceptSession(ws, session),
    );
  }

  /**
   * A socket whose upgrade carried the sign-in cookie: refused (4401) when the session is expired or altered, else
   * ready at once and closed with 4401 when the session ends.
   */
  private acceptSession(ws: WebSocket, session: Exclude<LiveSessionOutcome, { kind: 'none' }>): void {
    ws.on('error', () => undefined);
    if (session.kind === 'refused') {
      send(ws, { type: 'error', message: session.message });
      ws.close(CLOSE_UNAUTHORIZED, 'sign-in session not valid');
      return;
    }
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    const caller = session.principal;
    const unsubscribe = this.bus.subscribe((event) => this.forward(ws, caller, event));
    const expire = () => {
      send(ws, { type: 'error', message: 'The sign-in session has expired; sign in again.' });
      ws.close(CLOSE_UNAUTHORIZED, 'sign-in session expired');
    };
    const left = Math.max(0, caller.expiresAt * 1000 - Date.now());
    // setTimeout holds at most 2^31-1 ms (about 24.8 days); a longer session is not cut short
    const expiry = left < MAX_TIMER_MS ? setTimeout(expire, left) : null;
    expiry?.unref();
    ws.on('close', () => {
      if (expiry) clearTimeout(expiry);
      unsubscribe();
    });
    send(ws, { type: 'ready', user_id: caller.userId });
  }

  private accept(ws: WebSocket, address: string): void {
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    let unsubscribe: (() => void) | null = null;
    const timer = setTimeout(() => close(CLOSE_AUTH_TIMEOUT, 'no auth message within 5 s'), LIVE_AUTH_TIMEOUT_MS);
    const close = (code: number, reason: string) => {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(code, reason);
    };
    let state: 'waiting' | 'checking' | 'ready' = 'waiting';
    ws.on('message', (data: RawData) => {
      if (state !== 'waiting') return;
      state = 'checking';
      clearTimeout(timer);
      const key = authKey(data);
      if (key === null) {
        send(ws, { type: 'error', message: 'The first message must be {"type":"auth","api_key":"<key>"}.' });
        close(CLOSE_BAD_MESSAGE, 'auth message expected');
        return;
      }
      this.verifyThrottled(key, address).then(
        (outcome) => {
          if (typeof outcome === 'number') {
            send(ws, { type: 'error', message: this.throttle.tooMany(outcome).message, retry_after_seconds: outcome });
            close(CLOSE_THROTTLED, 'too many failed authentication attempts');
            return;
          }
          const caller = outcome;
          if (!caller) {
            send(ws, { type: 'error', message: 'Invalid API key.' });
            close(CLOSE_UNAUTHORIZED, 'invalid api key');
            return;
          }
          if (ws.readyState !== WebSocket.OPEN) return;
          state = 'ready';
          unsubscribe = this.bus.subscribe((event) => this.forward(ws, caller, event));
          send(ws, { type: 'ready', user_id: caller.userId });
        },
        (error: unknown) => {
          this.logger.error({ err: error }, 'live channel authentication failed');
          close(1011, 'internal error');
        },
      );
    });
    ws.on('close', () => {
      clearTimeout(timer);
      unsubscribe?.();
    });
    ws.on('error', () => undefined);
  }

  /** The key's caller, null for a wrong key (counted as a failure), or the seconds to wait when throttled. */
  private async verifyThrottled(key: string, address: string): Promise<Caller | null | number> {
    try {
      const wait = await this.throttle.retryAfterSeconds(address, key);
      if (wait !== null) return wait;
    } catch (error) {
      this.logger.warn({ err: error }, 'auth throttle counters unavailable; live socket let through');
    }
    const caller = await this.keys.verify(key);
    if (!caller) await this.throttle.recordFailure(address, key, { channel: 'ws' }).catch(() => undefined);
    return caller;
  }

  private forward(ws: WebSocket, caller: Caller, event: LiveEvent): void {
    if (ws.readyState === WebSocket.OPEN && mayHear(caller, event)) send(ws, event);
  }

  private ping(): void {
    for (const ws of this.wss.clients) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}

function send(ws: WebSocket, message: unknown): void {
  ws.send(JSON.stringify(message), () => undefined);
}

/** The api_key of an `{"type":"auth","api_key":"..."}` message, or null. */
function authKey(data: RawData): string | null {
  try {
    const msg = JSON.parse(data.toString()) as { type?: unknown; api_key?: unknown };
    return msg && msg.type === 'auth' && typeof msg.api_key === 'string' && msg.api_key.length > 0 ? msg.api_key : null;
  } catch {
    return null;
  }
}
