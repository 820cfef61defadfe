import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { type LlmInput, type LlmProviderName, type LlmView, type TestResult } from '@nlq/contracts';
import { createProvider, type ProviderSettings } from '@nlq/pipeline';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { Caller } from '../../platform/auth/caller';
import { SecretBox } from '../../platform/auth/secret-box';
import { ApiException } from '../../platform/common/api.exception';
import { SettingsTable } from '../../platform/common/settings-table';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { ReplicaCoherenceService, SETTINGS_TOPIC } from '../../platform/coherence/replica-coherence.service';
import { AppConfig } from '../../platform/config/app-config';
import { scrubSecrets } from '../../platform/security/connection-url-secrets';
import { llmBaseUrlProblem } from '../connections/probe-guard';
import { messageOf, withTimeout } from '../connections/with-timeout';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { LlmSettingEntity } from '../../platform/api-state/llm-setting.entity';

/** Id and name of the setting created from LLM_* at first start. */
export const DEFAULT_LLM_ID = 'default';

/** Longest a provider test may take, in milliseconds. */
export const LLM_TEST_TIMEOUT_MS = 10_000;

/**
 * Model provider settings of /api/llms, stored in `api_llm_setting` with the API key encrypted (SecretBox). The
 * active setting is the TargetResolver's provider, so activating one changes the model of the next question.
 * At first start a setting `default` is created from LLM_* and made active. Base URLs pass the probing guard
 * ({@link llmBaseUrlProblem}). Replicas: every change is announced through ReplicaCoherenceService, and
 * {@link syncFromStore} applies another replica's.
 */
@Injectable()
export class LlmsService implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly targets: TargetResolverService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly coherence: ReplicaCoherenceService,
  ) {
    this.table = new SettingsTable(dataSource, LlmSettingEntity, 'model setting');
  }

  /** The model-setting table's shared CRUD parts (platform/common/settings-table.ts). */
  private readonly table: SettingsTable<LlmSettingEntity>;

  /** Fingerprint of the setting the current provider was built from, or null before the first. */
  private appliedFingerprint: string | null = null;

  async onModuleInit(): Promise<void> {
    this.coherence.onTopic(SETTINGS_TOPIC, () => this.syncFromStore());
    const repo = this.repository();
    if ((await repo.count()) === 0) {
      const now = new Date().toISOString();
      const llm = this.config.llm;
      try {
        await repo.insert({
          id: DEFAULT_LLM_ID,
          name: 'default',
          provider: llm.provider,
          model: llm.model,
          baseUrl: llm.baseUrl,
          apiKey: llm.apiKey ? this.box.encrypt(llm.apiKey) : null,
          active: true,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if ((await repo.count()) === 0) throw error;
      }
    }
    const active =
      (await repo.findOneBy({ active: true })) ?? (await repo.findOne({ where: {}, order: { createdAt: 'ASC' } }));
    if (active) this.applyProvider(active);
  }

  /** Rebuild the provider when the stored active setting differs from the one this replica uses. Idempotent. */
  async syncFromStore(): Promise<void> {
    const active = await this.repository().findOneBy({ active: true });
    if (active && settingFingerprint(active) !== this.appliedFingerprint) {
      this.applyProvider(active);
      this.logger.info(
        { llmId: active.id, provider: active.provider },
        'model setting synchronised from the state store',
      );
    }
  }

  private applyProvider(row: LlmSettingEntity): void {
    this.targets.setProvider(this.settings(row));
    this.appliedFingerprint = settingFingerprint(row);
  }

  async list(): Promise<LlmView[]> {
    return (await this.table.list()).map(toView);
  }

  /** @throws ApiException 404 for an unknown id. */
  async get(id: string): Promise<LlmView> {
    return toView(await this.row(id));
  }

  /** @throws ApiException 400 for a disallowed base URL, 409 for a name in use. */
  async create(input: LlmInput, caller: Caller): Promise<LlmView> {
    this.guard(input.base_url ?? null);
    await this.assertNameFree(input.name);
    const now = new Date().toISOString();
    const row: LlmSettingEntity = {
      id: randomUUID(),
      name: input.name,
      provider: input.provider,
      model: input.model ?? null,
      baseUrl: input.base_url ?? null,
      apiKey: input.api_key ? this.box.encrypt(input.api_key) : null,
      active: false,
      createdAt: now,
      updatedAt: now,
    };
    await this.repository().insert(row);
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'llm.create', caller, { llmId: row.id, name: row.name, provider: row.provider });
    return toView(row);
  }

  /** Change fields; api_key null clears it, absent keeps it. The active setting's provider is rebuilt. */
  async update(id: string, patch: Partial<LlmInput>, caller: Caller): Promise<LlmView> {
    const row = await this.row(id);
    if (patch.base_url !== undefined) this.guard(patch.base_url);
    if (patch.name !== undefined && patch.name !== row.name) {
      await this.assertNameFree(patch.name);
      row.name = patch.name;
    }
    if (patch.provider !== undefined) row.provider = patch.provider;
    if (patch.model !== undefined) row.model = patch.model;
    if (patch.base_url !== undefined) row.baseUrl = patch.base_url;
    if (patch.api_key !== undefined) row.apiKey = patch.api_key ? this.box.encrypt(patch.api_key) : null;
    row.updatedAt = new Date().toISOString();
    await this.repository().update(
      { id },
      {
        name: row.name,
        provider: row.provider,
        model: row.model,
        baseUrl: row.baseUrl,
        apiKey: row.apiKey,
        updatedAt: row.updatedAt,
      },
    );
    if (row.active) this.applyProvider(row);
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'llm.update', caller, { llmId: id, name: row.name });
    return toView(row);
  }

  /** @throws ApiException 404, or 409 for the active setting. */
  async remove(id: string, caller: Caller): Promise<void> {
    const row = await this.row(id);
    this.table.assertDeletable(row, row.active);
    await this.table.delete(id);
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'llm.delete', caller, { llmId: id, name: row.name });
  }

  /** Build the provider and ping it (10 s at most); failures are ok false with the message, the key scrubbed. */
  async test(id: string): Promise<TestResult> {
    const row = await this.row(id);
    if (row.baseUrl) this.guard(row.baseUrl);
    const settings = this.settings(row);
    try {
      const latency = await withTimeout(
        createProvider({ ...settings, maxRetries: 0, timeoutMs: LLM_TEST_TIMEOUT_MS }).ping(),
        LLM_TEST_TIMEOUT_MS,
        'The model provider',
      );
      return { ok: true, latency_ms: Math.round(latency * 100) / 100, error: null };
    } catch (error) {
      return {
        ok: false,
        latency_ms: null,
        error: scrubSecrets(messageOf(error), settings.apiKey ? [settings.apiKey] : []),
      };
    }
  }

  /** Make the setting the pipeline's provider for the next question. */
  async activate(id: string, caller: Caller): Promise<LlmView> {
    const row = await this.row(id);
    this.applyProvider(row);
    await this.table.activate(row);
    await this.coherence.announce(SETTINGS_TOPIC);
    auditCallerEvent(this.logger, 'llm.activate', caller, { llmId: id, name: row.name, provider: row.provider });
    return toView(row);
  }

  private settings(row: LlmSettingEntity): ProviderSettings {
    return {
      provider: row.provider as LlmProviderName,
      model: row.model,
      baseUrl: row.baseUrl,
      apiKey: row.apiKey ? this.box.decrypt(row.apiKey) : null,
    };
  }

  private guard(baseUrl: string | null): void {
    if (!baseUrl) return;
    const problem = llmBaseUrlProblem(baseUrl, this.config);
    if (problem) throw ApiException.validation([{ field: 'base_url', problems: [problem] }], problem);
  }

  private assertNameFree(name: string): Promise<void> {
    return this.table.assertNameFree(name);
  }

  private row(id: string): Promise<LlmSettingEntity> {
    return this.table.row(id);
  }

  private repository() {
    return this.table.repository();
  }
}

function toView(row: LlmSettingEntity): LlmView {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as LlmProviderName,
    model: row.model,
    base_url: row.baseUrl,
    has_api_key: row.apiKey !== null,
    active: Boolean(row.active),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** What a provider is built from: the setting's id, fields and sealed key, and its update time. */
function settingFingerprint(row: LlmSettingEntity): string {
  return [row.id, row.provider, row.model ?? '', row.baseUrl ?? '', row.apiKey ?? '', row.updatedAt].join('\n');
}
