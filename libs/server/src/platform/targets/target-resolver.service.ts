import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  createDriver,
  createProvider,
  PipelineError,
  type DatabaseDriver,
  type LlmProvider,
  type ProviderSettings,
  type QueryTarget,
  type TargetResolver,
} from '@nlq/pipeline';
import type { Logger } from 'pino';
import { AppConfig, sqliteUrl } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { rememberConnectionUrlSecrets, rememberSecrets } from '../security/secret-scrubber';

/** Id of the connection configured by QUERY_DATABASE_URL. */
export const DEFAULT_CONNECTION_ID = 'default';

/**
 * Resolves the database connection and the model provider per request (the pipeline's TargetResolver).
 *
 * At start it holds one connection, `default`, from QUERY_DATABASE_URL and the provider from LLM_*. A later
 * connections/llms module replaces them at run time with {@link setConnection}, {@link activate} and
 * {@link setProvider}; requests already running keep the driver or provider they resolved. Drivers are connected
 * lazily on first use and closed when replaced or when the app shuts down.
 */
@Injectable()
export class TargetResolverService implements TargetResolver, OnApplicationShutdown {
  private readonly targets = new Map<string, QueryTarget>();
  private readonly connected = new WeakSet<DatabaseDriver>();
  private activeId = DEFAULT_CONNECTION_ID;
  private currentProvider: LlmProvider;
  /** The cascade's second provider from LLM_FALLBACK_*, or null. */
  private readonly fallback: LlmProvider | null;
  /** URL of the sample shop database nlq generates (QUERY_DATABASE_URL left at its default), or null. */
  private readonly sampleUrl: string | null;
  /** Ids of the connections whose driver was built from {@link sampleUrl}. */
  private readonly sampleIds = new Set<string>();

  constructor(
    config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    rememberConnectionUrlSecrets(config.queryDatabaseUrl);
    rememberSecrets(config.llm.apiKey, config.llmFallback?.apiKey);
    this.sampleUrl = config.sampleDatabasePath ? sqliteUrl(config.sampleDatabasePath) : null;
    this.register(DEFAULT_CONNECTION_ID, config.queryDatabaseUrl);
    this.currentProvider = createProvider({
      provider: config.llm.provider,
      model: config.llm.model,
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
    });
    this.fallback = config.llmFallback ? createProvider({ ...config.llmFallback }) : null;
  }

  /**
   * The named connection, or the active one. Connects the driver on first use; a connection failure is not thrown
   * here (the pipeline reports it as success false when the driver is used).
   * @throws PipelineError NOT_FOUND (HTTP 404) for an unknown id.
   */
  async connection(connectionId?: string): Promise<QueryTarget> {
    const id = connectionId ?? this.activeId;
    const target = this.targets.get(id);
    if (!target) throw new PipelineError('NOT_FOUND', `Unknown connection "${id}".`);
    if (!this.connected.has(target.driver)) {
      try {
        await target.driver.connect();
        this.connected.add(target.driver);
      } catch (error) {
        this.logger.warn({ err: error, connectionId: id }, 'database connection failed');
      }
    }
    return target;
  }

  async provider(): Promise<LlmProvider> {
    return this.currentProvider;
  }

  /** The local-first cascade's second provider (LLM_FALLBACK_*), or null when none is configured. */
  async fallbackProvider(): Promise<LlmProvider | null> {
    return this.fallback;
  }

  /** Id of the connection used when a request names none. */
  activeConnectionId(): string {
    return this.activeId;
  }

  /** Add or replace connection `id` with a driver for `url` (the replaced driver is closed). */
  async setConnection(id: string, url: string): Promise<void> {
    const previous = this.targets.get(id);
    rememberConnectionUrlSecrets(url);
    this.register(id, url);
    if (previous) await this.closeQuietly(previous.driver);
  }

  /**
   * Whether connection `id` is the sample shop database nlq generated itself in DATA_DIR (QUERY_DATABASE_URL left
   * at its default): no one's real data, so its being writable is no cause for alarm.
   */
  isSampleDatabase(id: string): boolean {
    return this.sampleIds.has(id);
  }

  private register(id: string, url: string): void {
    this.targets.set(id, { connectionId: id, driver: createDriver(url) });
    if (url === this.sampleUrl) this.sampleIds.add(id);
    else this.sampleIds.delete(id);
  }

  /** Remove connection `id` (not the active one) and close its driver. */
  async removeConnection(id: string): Promise<void> {
    if (id === this.activeId)
      throw new PipelineError('CONFLICT', `Connection "${id}" is active; activate another first.`);
    const previous = this.targets.get(id);
    this.targets.delete(id);
    this.sampleIds.delete(id);
    if (previous) await this.closeQuietly(previous.driver);
  }

  /**
   * Make `id` the connection used when a request names none.
   * @throws PipelineError NOT_FOUND for an unknown id.
   */
  activate(id: string): void {
    if (!this.targets.has(id)) throw new PipelineError('NOT_FOUND', `Unknown connection "${id}".`);
    this.activeId = id;
  }

  /** Replace the model provider (a built provider, or settings to build one with createProvider). */
  setProvider(provider: LlmProvider | ProviderSettings): void {
    if (!('generateSql' in provider)) rememberSecrets(provider.apiKey);
    this.currentProvider = 'generateSql' in provider ? provider : createProvider(provider);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.targets.values()].map((t) => this.closeQuietly(t.driver)));
  }

  private async closeQuietly(driver: DatabaseDriver): Promise<void> {
    try {
      await driver.close();
    } catch (error) {
      this.logger.warn({ err: error }, 'closing a database driver failed');
    }
  }
}
