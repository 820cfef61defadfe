import type { LiveEvent } from '@nlq/contracts';

/** State of the live channel, for the header indicator. `refused` = the server rejected the key (no reconnect). */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed' | 'refused';

/** The part of the browser WebSocket API the client uses (so a test can pass the `ws` package's class). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: any) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: any) => void) | null;
  onerror: ((ev: any) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface LiveClientOptions {
  /** ws:// or wss:// URL of /ws/live. */
  url: string;
  /** Current API key; the client sends {type:'auth', api_key} as its first message. */
  getKey: () => string | null;
  /**
   * true while the browser is signed in (OpenID Connect): the socket is then authenticated by the session cookie
   * the browser sends on the upgrade request, and no auth message is sent (docs/http-api.md "Live updates: /ws/live").
   */
  signedIn?: () => boolean;
  /** Opens a socket; defaults to the global WebSocket. */
  connect?: WebSocketFactory;
  /** First reconnect delay in ms, doubled per failure up to maxDelayMs (default 500 and 15000). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

type Listener = (event: LiveEvent) => void;
type StatusListener = (status: LiveStatus) => void;

/**
 * Client of /ws/live (contracts events.ts): connects, authenticates with `{type:'auth', api_key}` (or, signed in,
 * with the session cookie the browser sends itself), waits for
 * `{type:'ready', user_id}`, then hands every LiveEvent to its listeners. Reconnects with exponential backoff after
 * a drop; stops when the server answers `{type:'error'}` (a refused key) until {@link restart} is called with a new
 * key.
 */
export class LiveClient {
  private socket: WebSocketLike | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<StatusListener>();
  private statusValue: LiveStatus = 'idle';
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  /** user_id from the server's ready message. */
  userId: string | null = null;

  constructor(private readonly options: LiveClientOptions) {}

  get status(): LiveStatus {
    return this.statusValue;
  }

  /** Subscribe to live events; answers the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribe to status changes; answers the unsubscribe function. */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Open the channel (no-op while open, or when no key is stored and nobody is signed in). */
  start(): void {
    this.stopped = false;
    if (this.socket || this.timer) return;
    this.open();
  }

  /** Drop the current socket and connect again at once (after the key changed). */
  restart(): void {
    this.stop();
    this.attempts = 0;
    this.start();
  }

  /** Close the channel and stop reconnecting. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.onopen = null;
      try {
        s.close(1000, 'client stop');
      } catch {
        /* already closed */
      }
    }
    this.setStatus('closed');
  }

  private open(): void {
    const session = this.options.signedIn?.() ?? false;
    const key = session ? null : this.options.getKey();
    if (!key && !session) {
      this.setStatus('idle');
      return;
    }
    const factory: WebSocketFactory = this.options.connect ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = factory(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let refused = false;
    socket.onopen = () => {
      if (key) socket.send(JSON.stringify({ type: 'auth', api_key: key }));
    };
    socket.onmessage = (ev) => {
      let msg: any;
      try {
        msg = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data));
      } catch {
        return;
      }
      if (!msg || typeof msg !== 'object') return;
      if (msg.type === 'ready') {
        this.attempts = 0;
        this.userId = typeof msg.user_id === 'string' ? msg.user_id : null;
        this.setStatus('open');
      } else if (msg.type === 'error') {
        refused = true;
        this.setStatus('refused');
      } else if (typeof msg.type === 'string' && 'data' in msg) {
        for (const l of [...this.listeners]) l(msg as LiveEvent);
      }
    };
    socket.onerror = () => {
      /* onclose follows and reconnects */
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (refused) {
        this.stopped = true;
        return;
      }
      this.setStatus('closed');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const base = this.options.baseDelayMs ?? 500;
    const max = this.options.maxDelayMs ?? 15000;
    const delay = Math.min(max, base * 2 ** this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const l of [...this.statusListeners]) l(status);
  }
}
