import { NearDuplicateIndex, type RememberedQuestion, type ReuseScope } from '@nlq/pipeline';
import type { Logger } from 'pino';
import type { RedisClients } from '../cache/redis.module';

/** Redis pub/sub channel of remembered questions: `{"replica","scope","entry"}`. */
export const REDIS_NEAR_DUPLICATE_CHANNEL = 'nlq:near-duplicates';

/** One message on {@link REDIS_NEAR_DUPLICATE_CHANNEL}. */
interface RememberMessage {
  replica: string;
  scope: ReuseScope;
  entry: Omit<RememberedQuestion, 'at'>;
}

/**
 * The pipeline's near-duplicate memory (libs/pipeline stages/cache.ts), kept the same on every api replica
 *: each question a replica remembers is PUBLISHed on {@link REDIS_NEAR_DUPLICATE_CHANNEL} and remembered
 * by the others, so a near-identical follow-up reuses the SQL whichever replica answers it. Only the question, its
 * SQL, model id and schema version travel, scoped as before (connection, session, user, conversation): never rows.
 * Forgetting on a schema refresh follows the refresh itself, which every replica applies (ReplicaCoherenceService).
 * Without Redis it is the plain in-process index. Publishing never throws; a lost message costs one generation.
 */
export class SharedNearDuplicateIndex extends NearDuplicateIndex {
  private readonly onMessage = (channel: string, message: string) => {
    if (channel === REDIS_NEAR_DUPLICATE_CHANNEL) this.receive(message);
  };

  /**
   * @param options as NearDuplicateIndex's (ttlSeconds = the result cache's TTL).
   * @param redis the process's connections, or null (in process only).
   * @param replicaId this replica's id: its own messages are not remembered twice.
   */
  constructor(
    options: ConstructorParameters<typeof NearDuplicateIndex>[0],
    private readonly redis: RedisClients | null,
    private readonly replicaId: string,
    private readonly logger?: Logger,
  ) {
    super(options);
  }

  /** SUBSCRIBE to the channel (no-op without Redis). */
  async start(): Promise<void> {
    if (!this.redis) return;
    this.redis.subscriber.on('message', this.onMessage);
    await this.redis.subscriber.subscribe(REDIS_NEAR_DUPLICATE_CHANNEL);
  }

  /** UNSUBSCRIBE; never throws. */
  async stop(): Promise<void> {
    if (!this.redis) return;
    this.redis.subscriber.off('message', this.onMessage);
    try {
      await this.redis.subscriber.unsubscribe(REDIS_NEAR_DUPLICATE_CHANNEL);
    } catch {
      // closing
    }
  }

  /** Remember here and tell the other replicas. */
  override remember(scope: ReuseScope, entry: Omit<RememberedQuestion, 'at'>): void {
    super.remember(scope, entry);
    if (!this.redis) return;
    const message: RememberMessage = { replica: this.replicaId, scope, entry };
    this.redis.commands.publish(REDIS_NEAR_DUPLICATE_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
      this.logger?.debug({ err: error }, 'near-duplicate question not shared');
    });
  }

  private receive(raw: string): void {
    let message: RememberMessage;
    try {
      message = JSON.parse(raw) as RememberMessage;
    } catch {
      return;
    }
    if (
      message?.replica === this.replicaId ||
      !message.scope ||
      typeof message.entry?.question !== 'string' ||
      typeof message.entry?.sql !== 'string'
    )
      return;
    super.remember(message.scope, message.entry);
  }
}
