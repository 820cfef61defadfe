import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  type ConnectionInput,
  type ConnectionView,
  type Dialect,
  type RefreshResponse,
  type TestResult,
} from '@nlq/contracts';
import { createDriver, parseConnectionUrl, QueryPipeline, redactConnectionUrl } from '@nlq/pipeline';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { Caller } from '../../platform/auth/caller';
import { SecretBox } from '../../platform/auth/secret-box';
import { ApiException } from '../../platform/common/api.exception';
import { SettingsTable } from '../../platform/common/settings-table';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import {
  ReplicaCoherenceService,
  SETTINGS_TOPIC,
  schemaTopic,
} from '../../platform/coherence/replica-coherence.service';
import { AppConfig } from '../../platform/config/app-config';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { DEFAULT_CONNECTION_ID, TargetResolverService } from '../../platform/targets/target-resolver.service';
import { ConnectionEntity } from '../../platform/api-state/connection.entity';
import {
  joinConnectionUrl,
  scrubSecrets,
  secretForms,
  splitConnectionUrl,
  type ConnectionSecrets,
} from '../../platform/security/connection-url-secrets';
import { connectionUrlProblem } from './probe-guard';
import { messageOf, withTimeout } from './with-timeout';

/** Longest a connection test may take, in milliseconds. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** The placeholder a client may send back for an unchanged password. */
const KEEP = '***';

/**
 * Database connections of /api/connections, stored in `api_connection` with the password encrypted (SecretBox)
 * and registered in the TargetResolver, so the pipeline asks the active one (or the one a request names).
 *
 * At first start a connection `default` (id `default`) is created from QUERY_DATABASE_URL and made active; later
 * starts register the stored connections and activate the stored active one. Every URL given through the API
 * passes the probing guard ({@link connectionUrlProblem}) before anything connects.
 *
 * Replicas: every change is announced through ReplicaCoherenceService; when another replica announces
 * one, {@link syncFromStore} applies the difference between the store and this replica's drivers.
 */
@Injectable()
export class ConnectionsService implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly targets: TargetResolverService,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly coherence: ReplicaCoherenceService,
  ) {
    this.table = new SettingsTable(dataSource, ConnectionEntity, 'connection');
  }

  /** The connection table's shared CRUD parts (platform/common/settings-table.ts). */
  private readonly table: SettingsTable<ConnectionEntity>;

  /** Fingerprint of the URL each registered connection's driver was built from (id -> public URL and sealed secret). */
  private readonly applied = new Map<string, string>();

  async onModuleInit(): Promise<void> {
    this.coherence.onTopic(SETTINGS_TOPIC, () => this.syncFromStore());
    const repo = this.repository();
    if ((await repo.count()) === 0) {
      const now = new Date().toISOString();
      try {
        await repo.insert({
          id: DEFAULT_CONNECTION_ID,
          name: 'default',
          ...this.sealUrl(this.config.queryDatabaseUrl),
          active: true,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if ((await repo.count()) === 0) throw error; // else another replica created it first
      }
    }
    const rows = await repo.find({ order: { createdAt: 'ASC' } });
    for (const row of rows) {
      await this.targets.setConnection(row.id, this.fullUrl(row));
      this.applied.set(row.id, urlFingerprint(row));
    }
    const active = rows.find((r) => r.active) ?? rows[0];
    if (active) this.targets.activate(active.id);
  }

  /** Every connection, oldest first. */
  async list(): Promise<ConnectionView[]> {
    return (await this.table.list()).map((r) => this.view(r));
  }

  /** @throws ApiException 404 for an unknown id. */
  async get(id: string): Promise<ConnectionView> {
    return this.view(await this.row(id));
  }

  /**
   * Store a new connection (not active) and register it.
   * @throws ApiException 400 for an unsupported or disallowed URL, 409 for a name in use.
   */
  async create(input: ConnectionInput, caller: Caller): Promise<ConnectionView> {
    this.guard(input.url);
    await this.assertNameFree(input.name);
    const now = new Date().toISOString();
    const row: ConnectionEntity = {
      id: randomUUID(),
      name: input.name,
      ...this.sealUrl(input.url),
      active: false,
      createdAt: now,
      updatedAt: now,
    };
    await this.repository().insert(row);
    await this.targets.setConnection(row.id, this.fullUrl(row));
    this.applied.set(row.id, urlFingerprint(row));
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'connection.create', caller, { connectionId: row.id, name: row.name });
    return this.view(row);
  }

  /**
   * Rename and/or change the URL (a password sent as *** keeps the stored one); a new URL replaces the driver and
   * reloads the schema in the background.
   * @throws ApiException 400, 404, 409 as for create.
   */
  async update(id: string, patch: Partial<ConnectionInput>, caller: Caller): Promise<ConnectionView> {
    const row = await this.row(id);
    if (patch.name !== undefined && patch.name !== row.name) {
      await this.assertNameFree(patch.name);
      row.name = patch.name;
    }
    if (patch.url !== undefined) {
      const url = this.keepStoredSecrets(patch.url, row);
      this.guard(url);
      Object.assign(row, this.sealUrl(url));
    }
    row.updatedAt = new Date().toISOString();
    await this.repository().update(
      { id },
      { name: row.name, url: row.url, secret: row.secret, dialect: row.dialect, updatedAt: row.updatedAt },
    );
    if (patch.url !== undefined) {
      await this.targets.setConnection(id, this.fullUrl(row));
      this.applied.set(id, urlFingerprint(row));
      this.pipeline
        .refreshSchema(id)
        .catch((error: unknown) =>
          this.logger.warn(
            { connectionId: id, err: messageOf(error) },
            'schema reload after a connection change failed',
          ),
        );
    }
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'connection.update', caller, {
      connectionId: id,
      name: row.name,
      urlChanged: patch.url !== undefined,
    });
    return this.view(row);
  }

  /** @throws ApiException 404 for an unknown id, 409 for the active connection. */
  async remove(id: string, caller: Caller): Promise<void> {
    const row = await this.row(id);
    this.table.assertDeletable(row, row.active || this.targets.activeConnectionId() === id);
    await this.targets.removeConnection(id);
    await this.table.delete(id);
    this.applied.delete(id);
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'connection.delete', caller, { connectionId: id, name: row.name });
  }

  /**
   * Connect with a fresh driver, ping, count the tables, close; within 10 s. Failures are `ok: false` with the
   * driver's message, any password scrubbed from it.
   * @throws ApiException 404 for an unknown id, 400 when the stored URL is no longer allowed.
   */
  async test(id: string): Promise<TestResult> {
    const row = await this.row(id);
    const url = this.fullUrl(row);
    if (url !== this.config.queryDatabaseUrl) this.guard(url);
    const forms = secretForms(this.secrets(row));
    let driver: ReturnType<typeof createDriver> | null = null;
    try {
      driver = createDriver(url);
      const d = driver;
      const outcome = await withTimeout(
        (async () => {
          await d.connect();
          const latency = await d.ping();
          const schema = await d.introspect();
          return { latency, tables: schema.tables.length };
        })(),
        CONNECTION_TEST_TIMEOUT_MS,
        'The database',
      );
      return { ok: true, latency_ms: Math.round(outcome.latency * 100) / 100, error: null, tables: outcome.tables };
    } catch (error) {
      return { ok: false, latency_ms: null, error: scrubSecrets(messageOf(error), forms) };
    } finally {
      if (driver) driver.close().catch(() => undefined);
    }
  }

  /**
   * Make the connection the one questions use when they name none (from the next question on).
   * @throws ApiException 404 for an unknown id.
   */
  async activate(id: string, caller: Caller): Promise<ConnectionView> {
    const row = await this.row(id);
    this.targets.activate(id);
    await this.table.activate(row);
    await this.coherence.announce(SETTINGS_TOPIC);
    this.pipeline
      .warmUp(id)
      .catch((error: unknown) =>
        this.logger.warn(
          { connectionId: id, err: messageOf(error) },
          'schema warm-up of the activated connection failed',
        ),
      );
    auditCallerEvent(this.logger, 'connection.activate', caller, { connectionId: id, name: row.name });
    return this.view(row);
  }

  /**
   * Reload the connection's schema cache (publishes schema.refreshed).
   * @throws ApiException 404 for an unknown id; the database's error (502 when unreachable).
   */
  async refresh(id: string): Promise<RefreshResponse> {
    const row = await this.row(id);
    const schema = await this.pipeline.refreshSchema(id);
    await this.coherence.announce(schemaTopic(id));
    const n = schema.tables.length;
    return {
      status: 'ok',
      message: `Schema of "${row.name}" refreshed: ${n} ${n === 1 ? 'table' : 'tables'} (version ${schema.version.slice(0, 12)}).`,
    };
  }

  /**
   * Make this replica's drivers match the store (another replica changed connections): build a driver for each new
   * connection or changed URL (reloading that connection's schema), activate the stored active one, drop the
   * deleted ones. Idempotent; never touches a driver whose URL did not change.
   */
  async syncFromStore(): Promise<void> {
    const rows = await this.repository().find({ order: { createdAt: 'ASC' } });
    for (const row of rows) {
      const fingerprint = urlFingerprint(row);
      const known = this.applied.get(row.id);
      if (known === fingerprint) continue;
      await this.targets.setConnection(row.id, this.fullUrl(row));
      this.applied.set(row.id, fingerprint);
      if (known !== undefined) {
        this.pipeline
          .refreshSchema(row.id)
          .catch((error: unknown) =>
            this.logger.warn(
              { connectionId: row.id, err: messageOf(error) },
              'schema reload after a connection change failed',
            ),
          );
      }
    }
    const active = rows.find((r) => r.active);
    if (active && this.targets.activeConnectionId() !== active.id) {
      this.targets.activate(active.id);
      this.pipeline
        .warmUp(active.id)
        .catch((error: unknown) =>
          this.logger.warn(
            { connectionId: active.id, err: messageOf(error) },
            'schema warm-up of the activated connection failed',
          ),
        );
    }
    const stored = new Set(rows.map((r) => r.id));
    for (const id of [...this.applied.keys()]) {
      if (stored.has(id) || id === this.targets.activeConnectionId()) continue;
      await this.targets.removeConnection(id);
      this.applied.delete(id);
    }
    this.logger.info(
      { connections: rows.length, active: active?.id ?? null },
      'connections synchronised from the state store',
    );
  }

  private guard(url: string): void {
    const problem = connectionUrlProblem(url, this.config);
    if (problem) throw ApiException.validation([{ field: 'url', problems: [problem] }], problem);
  }

  private assertNameFree(name: string): Promise<void> {
    return this.table.assertNameFree(name);
  }

  private row(id: string): Promise<ConnectionEntity> {
    return this.table.row(id);
  }

  /** The stored columns of a URL: public part, encrypted secrets, dialect. */
  private sealUrl(url: string): Pick<ConnectionEntity, 'url' | 'secret' | 'dialect'> {
    const { publicUrl, secrets } = splitConnectionUrl(url.trim());
    let dialect: Dialect;
    try {
      dialect = parseConnectionUrl(url.trim()).dialect;
    } catch (error) {
      throw ApiException.validation([{ field: 'url', problems: [messageOf(error)] }], messageOf(error));
    }
    return { url: publicUrl, secret: secrets ? this.box.encrypt(JSON.stringify(secrets)) : null, dialect };
  }

  private secrets(row: ConnectionEntity): ConnectionSecrets | null {
    return row.secret ? (JSON.parse(this.box.decrypt(row.secret)) as ConnectionSecrets) : null;
  }

  private fullUrl(row: ConnectionEntity): string {
    return joinConnectionUrl(row.url, this.secrets(row));
  }

  /** A URL whose password (or secret parameter) is `***` gets the stored value back. */
  private keepStoredSecrets(url: string, row: ConnectionEntity): string {
    const { publicUrl, secrets } = splitConnectionUrl(url.trim());
    if (!secrets) return url;
    const stored = this.secrets(row);
    const isKeep = (v: string | undefined) => v === KEEP || v === encodeURIComponent(KEEP);
    const merged: ConnectionSecrets = {
      password: isKeep(secrets.password) ? stored?.password : secrets.password,
      params: secrets.params?.map(([k, v]) => [
        k,
        isKeep(v) ? (stored?.params?.find(([sk]) => sk === k)?.[1] ?? '') : v,
      ]),
    };
    return joinConnectionUrl(publicUrl, merged);
  }

  private view(row: ConnectionEntity): ConnectionView {
    const secrets = this.secrets(row);
    return {
      id: row.id,
      name: row.name,
      url: redactConnectionUrl(joinConnectionUrl(row.url, secrets)),
      dialect: row.dialect as Dialect,
      has_password: Boolean(secrets?.password),
      active: Boolean(row.active),
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
  }

  private repository() {
    return this.table.repository();
  }
}

/** What a connection's driver is built from: its public URL and its sealed secrets (a new URL changes both). */
function urlFingerprint(row: ConnectionEntity): string {
  return `${row.url}\n${row.secret ?? ''}`;
}
