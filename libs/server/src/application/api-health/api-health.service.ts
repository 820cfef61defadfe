import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { inspectPrivileges } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import type { ApiHealthResponse } from '@nlq/contracts';
import { QueryPipeline } from '@nlq/pipeline';
import { AppConfig } from '../../platform/config/app-config';
import { messageOf, withTimeout } from '../connections/with-timeout';
import { scrubMessage } from '../../platform/security/secret-scrubber';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';

/** Longest each reachability check of GET /api/health may take, in milliseconds. */
export const HEALTH_PING_TIMEOUT_MS = 3000;

/**
 * GET /api/health: the fields of GET /health plus a ping of the active database and of the active model provider,
 * each with its latency or error and bounded by 3 s. `status` is `degraded` when either is unreachable. Error texts
 * pass through scrubMessage (no password or key, as the connection test).
 */
@Injectable()
export class ApiHealthService implements OnApplicationBootstrap {
  /** Privileges per connection id, inspected once (at start for the active connection). */
  private readonly privileges = new Map<string, Promise<NonNullable<ApiHealthResponse['privileges']>>>();

  constructor(
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    private readonly targets: TargetResolverService,
    private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * At start: inspect the active connection's privileges and, in user mode, log a warning when it can write or
   * administer (not for the sample database nlq generated, see {@link connectionPrivileges}).
   */
  async onApplicationBootstrap(): Promise<void> {
    const privileges = await this.connectionPrivileges();
    const sample = this.targets.isSampleDatabase(this.targets.activeConnectionId());
    const fields = {
      superuser: privileges.superuser,
      canWrite: privileges.can_write,
      mode: this.config.mode,
      ...(sample ? { sampleDatabase: true } : {}),
    };
    if (privileges.warning) this.logger.warn(fields, privileges.warning);
    else
      this.logger.info(
        fields,
        sample ? 'query connection: the sample shop database nlq generated' : 'query connection privileges',
      );
  }

  /**
   * The active connection's privileges (cached per connection): superuser and can_write, and in user mode a
   * warning pointing to the read-only role guide of docs/operations.md when the credential can write or
   * administer. The sample shop database nlq generated itself in DATA_DIR gets no warning: it is
   * writable, holds no one's data, and user mode still runs reads only there. Never rejects.
   */
  async connectionPrivileges(): Promise<NonNullable<ApiHealthResponse['privileges']>> {
    const connectionId = this.targets.activeConnectionId();
    let cached = this.privileges.get(connectionId);
    if (!cached) {
      cached = (async () => {
        try {
          const target = await withTimeout(
            this.targets.connection(connectionId),
            HEALTH_PING_TIMEOUT_MS,
            'The database',
          );
          const p = await withTimeout(inspectPrivileges(target.driver), HEALTH_PING_TIMEOUT_MS, 'The database');
          const risky = p.superuser === true || p.can_write === true;
          const warning =
            this.config.mode === 'user' && risky && !this.targets.isSampleDatabase(connectionId)
              ? `The query connection ${p.superuser ? 'is a superuser' : 'can write'}: user mode still runs reads only, but give nlq a read-only role (docs/operations.md "A read-only database role for nlq").`
              : null;
          return { superuser: p.superuser, can_write: p.can_write, warning };
        } catch (error) {
          this.privileges.delete(connectionId);
          return { superuser: null, can_write: null, warning: null, ...{ error: scrubMessage(messageOf(error)) } };
        }
      })();
      this.privileges.set(connectionId, cached);
    }
    const { superuser, can_write, warning } = await cached;
    return { superuser, can_write, warning };
  }

  async health(): Promise<ApiHealthResponse> {
    const [database, model, privileges] = await Promise.all([
      this.database(),
      this.model(),
      this.connectionPrivileges(),
    ]);
    return {
      privileges,
      status: database.reachable && model.reachable ? 'ok' : 'degraded',
      integration: 'rest',
      schema_age_seconds: this.pipeline.schemaAgeSeconds(this.targets.activeConnectionId()),
      mode: this.config.mode,
      database,
      model,
    };
  }

  private async database(): Promise<ApiHealthResponse['database']> {
    const connectionId = this.targets.activeConnectionId();
    try {
      const target = await withTimeout(this.targets.connection(connectionId), HEALTH_PING_TIMEOUT_MS, 'The database');
      try {
        const latency = await withTimeout(target.driver.ping(), HEALTH_PING_TIMEOUT_MS, 'The database');
        return {
          connection_id: connectionId,
          dialect: target.driver.dialect,
          reachable: true,
          latency_ms: round(latency),
          error: null,
        };
      } catch (error) {
        return {
          connection_id: connectionId,
          dialect: target.driver.dialect,
          reachable: false,
          latency_ms: null,
          error: scrubMessage(messageOf(error)),
        };
      }
    } catch (error) {
      return {
        connection_id: connectionId,
        dialect: null,
        reachable: false,
        latency_ms: null,
        error: scrubMessage(messageOf(error)),
      };
    }
  }

  private async model(): Promise<ApiHealthResponse['model']> {
    const provider = await this.targets.provider();
    try {
      const latency = await withTimeout(provider.ping(), HEALTH_PING_TIMEOUT_MS, 'The model provider');
      return {
        provider: provider.name,
        model: provider.modelId,
        reachable: true,
        latency_ms: round(latency),
        error: null,
      };
    } catch (error) {
      return {
        provider: provider.name,
        model: provider.modelId,
        reachable: false,
        latency_ms: null,
        error: scrubMessage(messageOf(error)),
      };
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
