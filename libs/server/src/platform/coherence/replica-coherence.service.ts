import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { REDIS_CLIENTS, type RedisClients } from '../cache/redis.module';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { EntityReader } from '../state/entity-reader';
import { ChangeStampEntity } from './change-stamp.entity';

/** Redis pub/sub channel on which replicas announce changes: `{"topic":"settings","version":7,"replica":"<uuid>"}`. */
export const REDIS_COHERENCE_CHANNEL = 'nlq:coherence';

/** Topic of connection and model-setting changes (create, update, delete, activate). */
export const SETTINGS_TOPIC = 'settings';

/** Topic of a schema refresh of connection `id`. */
export function schemaTopic(connectionId: string): string {
  return `schema:${connectionId}`;
}

/** Topic of a change of the definitions of connection `id` (no replica applies it: definitions are read per question). */
export function definitionsTopic(connectionId: string): string {
  return `definitions:${connectionId}`;
}

/** With Redis, the stamps are also re-read this often, in case a pub/sub message was lost while Redis was down (ms). */
export const COHERENCE_RESYNC_MS = 10_000;

/** Called with the topic whose version changed (e.g. `schema:default`); must not throw (errors are logged). */
export type TopicHandler = (topic: string) => Promise<void>;

/**
 * Keeps api replicas that share one state store coherent (docs/architecture.md "State and scale").
 *
 * The truth is the state store: every change of connections or model settings, and every schema refresh, bumps a
 * counter row ({@link ChangeStampEntity}) through {@link announce}. A replica compares the counters with the
 * versions it has applied and runs the handlers registered for a changed topic ({@link onTopic}), which re-read the
 * store and apply the difference (idempotent: running one twice changes nothing).
 * - With REDIS_URL: `announce` also PUBLISHes on {@link REDIS_COHERENCE_CHANNEL}; every replica re-reads the
 *   counters when a message arrives (milliseconds), and every {@link COHERENCE_RESYNC_MS} as a safety net.
 * - Without Redis: {@link ensureFresh} re-reads the counters before each request (one indexed SELECT of a few rows;
 *   concurrent requests share one read), so a change is visible to the next request on every replica.
 */
@Injectable()
export class ReplicaCoherenceService implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Identifies this process in pub/sub messages. */
  readonly replicaId = randomUUID();
  private readonly applied = new Map<string, number>();
  private readonly handlers: Array<{ prefix: string; handle: TopicHandler }> = [];
  private readonly announced: TopicHandler[] = [];
  private started = false;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stamps?: EntityReader<ChangeStampEntity>;
  private readonly onMessage = (channel: string) => {
    if (channel === REDIS_COHERENCE_CHANNEL) void this.sync();
  };

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENTS) private readonly redis: RedisClients | null,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Run `handle` when a topic equal to `topic`, or starting with it when it ends in `:`, changes on another replica. */
  onTopic(topic: string, handle: TopicHandler): void {
    this.handlers.push({ prefix: topic, handle });
  }

  /**
   * Run `listen` after each change this replica announces (once per change across the replicas: the one that made
   * it), e.g. to start the benchmark runs that follow a change. Not awaited by {@link announce}; errors are logged.
   */
  onAnnounced(listen: TopicHandler): void {
    this.announced.push(listen);
  }

  /**
   * Record a change this replica made (after it is in the store and applied locally) so every replica applies it:
   * bump the topic's counter, then publish on Redis when configured. Never throws: a failure is logged (the other
   * replicas then catch up with the next change or, with Redis, the periodic re-read).
   */
  async announce(topic: string): Promise<void> {
    try {
      const repo = this.dataSource.getRepository(ChangeStampEntity);
      const now = new Date().toISOString();
      if (!(await repo.existsBy({ topic }))) {
        try {
          await repo.insert({ topic, version: 0, updatedAt: now });
        } catch {
          // another replica inserted it first
        }
      }
      await repo.increment({ topic }, 'version', 1);
      await repo.update({ topic }, { updatedAt: now });
      const version = (await repo.findOneBy({ topic }))?.version ?? 0;
      // this replica applied the change already; a version further ahead means another replica changed it too
      if (version === (this.applied.get(topic) ?? 0) + 1) this.applied.set(topic, version);
      if (this.redis) {
        await this.redis.commands.publish(
          REDIS_COHERENCE_CHANNEL,
          JSON.stringify({ topic, version, replica: this.replicaId }),
        );
      }
    } catch (error) {
      this.logger.warn({ err: error, topic }, 'replica coherence: change not announced');
    }
    for (const listen of this.announced)
      void listen(topic).catch((error: unknown) =>
        this.logger.warn({ err: error, topic }, 'replica coherence: a listener of a change failed'),
      );
  }

  /**
   * Without Redis, re-read the counters and apply what changed before a request is handled; with Redis nothing
   * (pub/sub already did). Never throws.
   */
  async ensureFresh(): Promise<void> {
    if (!this.redis && this.started) await this.sync();
  }

  /** Record the versions as they are at start (what this replica loaded), then listen (Redis) or poll per request. */
  async onApplicationBootstrap(): Promise<void> {
    await this.ensureTable();
    await this.sync();
    this.started = true;
    if (this.redis) {
      this.redis.subscriber.on('message', this.onMessage);
      await this.redis.subscriber.subscribe(REDIS_COHERENCE_CHANNEL);
      this.timer = setInterval(() => void this.sync(), COHERENCE_RESYNC_MS);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.redis) {
      this.redis.subscriber.off('message', this.onMessage);
      try {
        await this.redis.subscriber.unsubscribe(REDIS_COHERENCE_CHANNEL);
      } catch {
        // closing
      }
    }
    await this.inFlight;
  }

  /**
   * Create `api_change_stamp` when the state store's schema management did not (the entity is in API_ENTITIES; this
   * keeps the table present however the store's tables are made). Plain SQL that SQLite and PostgreSQL both accept;
   * a replica losing a creation race finds the table there.
   */
  private async ensureTable(): Promise<void> {
    // in the state store's PostgreSQL schema (`?schema=`) when it has one, where the repository looks for it
    const schema = this.dataSource.options.type === 'postgres' ? this.dataSource.options.schema : undefined;
    const table = schema ? `"${schema.replace(/"/g, '""')}".api_change_stamp` : 'api_change_stamp';
    try {
      await this.dataSource.query(
        `CREATE TABLE IF NOT EXISTS ${table} (topic varchar(200) PRIMARY KEY NOT NULL, version integer NOT NULL DEFAULT 0, updated_at varchar(32) NOT NULL)`,
      );
    } catch (error) {
      this.logger.debug({ err: error }, 'api_change_stamp: created by another replica meanwhile');
    }
  }

  /** Re-read the counters once (single flight: a call during a read waits for one more read after it). */
  private sync(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = (async () => {
      do {
        this.again = false;
        await this.syncOnce();
      } while (this.again);
    })().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async syncOnce(): Promise<void> {
    let rows: ChangeStampEntity[];
    try {
      // before every request without Redis: read through EntityReader (its SQL built once), not find()
      rows = await (this.stamps ??= new EntityReader(this.dataSource, ChangeStampEntity)).many('', {});
    } catch (error) {
      this.logger.warn({ err: error }, 'replica coherence: change counters unreadable');
      return;
    }
    for (const row of rows) {
      const seen = this.applied.get(row.topic);
      if (seen === row.version) continue;
      this.applied.set(row.topic, row.version);
      if (!this.started) continue; // at start the state was loaded from the store as it is
      for (const { prefix, handle } of this.handlers) {
        if (prefix.endsWith(':') ? !row.topic.startsWith(prefix) : row.topic !== prefix) continue;
        try {
          await handle(row.topic);
        } catch (error) {
          this.logger.warn({ err: error, topic: row.topic }, 'replica coherence: applying a change failed');
        }
      }
    }
  }
}

/**
 * Fastify onRequest hook (Fastify docs, "Hooks") that makes each request see the settings of the state store
 * first ({@link ReplicaCoherenceService.ensureFresh}; a no-op with Redis). Call before `app.init()`.
 */
export function registerCoherenceCheck(fastify: FastifyInstance, coherence: ReplicaCoherenceService): void {
  fastify.addHook('onRequest', async () => {
    await coherence.ensureFresh();
  });
}
