import { Inject, Injectable } from '@nestjs/common';
import type { DataPolicyDocument, DataPolicyView } from '@nlq/contracts';
import { QueryPipeline, validateDataPolicy } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { DataPolicyVersionEntity } from '../../platform/api-state/data-policy-version.entity';
import { DataPolicyEntity } from '../../platform/api-state/data-policy.entity';
import { HistoryEntryEntity } from '../../platform/state/entities';

/**
 * The data policy of each connection, read and written as one document (docs/http-api.md "Roles and data
 * policies"): validated against the connection's schema (pipeline validateDataPolicy), versioned (every saved
 * version kept in `data_policy_version`) and audited (`policy.update`). An unknown connection rejects with the
 * pipeline's NOT_FOUND (404).
 */
@Injectable()
export class DataPoliciesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** The connection's policy; version 0 and no roles before the first PUT. */
  async get(connectionId: string): Promise<DataPolicyView> {
    const { connectionId: id } = await this.pipeline.connectionSchema(connectionId);
    return this.stored(id);
  }

  /**
   * The stored policy of a known connection id, without reading its schema (the knowledge export works while the
   * database cannot be reached); version 0 and no roles before the first save.
   */
  async stored(connectionId: string): Promise<DataPolicyView> {
    const row = await this.dataSource.getRepository(DataPolicyEntity).findOneBy({ connectionId });
    return toView(connectionId, row);
  }

  /**
   * Replace the connection's policy with `body`, as the next version.
   * @throws ApiException 400 VALIDATION with each problem under its field (`roles.viewer.tables[1]`).
   */
  async put(connectionId: string, body: unknown, caller: Principal): Promise<DataPolicyView> {
    const { connectionId: id, policy } = await this.checked(connectionId, body);
    return (await this.save(id, policy, caller, false)).view;
  }

  /**
   * `body` checked against the connection's schema exactly as PUT checks it, nothing written: the connection's id
   * and the document with names as the schema spells them (a knowledge import checks its `policy:` before writing
   * anything, docs/knowledge.md "YAML").
   * @param field prefix of each problem's field (e.g. `policy.` for `policy.roles.viewer.tables[1]`).
   * @throws ApiException 400 VALIDATION with each problem under its field.
   */
  async checked(
    connectionId: string | undefined,
    body: unknown,
    field = '',
  ): Promise<{ connectionId: string; policy: DataPolicyDocument }> {
    const { connectionId: id, schema } = await this.pipeline.connectionSchema(connectionId);
    const checked = validateDataPolicy(body, schema);
    if (!checked.ok)
      throw ApiException.validation(
        checked.problems.map((p) => ({ field: `${field}${p.field}`, problems: p.problems })),
        'The data policy names something that is not valid',
      );
    return { connectionId: id, policy: checked.policy };
  }

  /**
   * Save a checked policy (from {@link checked}) as the next version, or, with `onlyWhenChanged`, leave the stored
   * one when it is the same document (`changed: false`, no version, no audit line). Audited as `policy.update`. A new
   * version drops the rows kept in the connection's history ({@link dropKeptRows}) in the same transaction.
   */
  async save(
    connectionId: string,
    policy: DataPolicyDocument,
    caller: Principal,
    onlyWhenChanged: boolean,
  ): Promise<{ view: DataPolicyView; changed: boolean }> {
    const body = JSON.stringify(policy);
    const saved = await this.dataSource.transaction(async (manager) => {
      const current = await manager.getRepository(DataPolicyEntity).findOneBy({ connectionId });
      if (onlyWhenChanged && body === (current?.body ?? JSON.stringify({ roles: {} })))
        return { row: current, changed: false };
      const row: DataPolicyEntity = {
        connectionId,
        body,
        version: (current?.version ?? 0) + 1,
        updatedAt: new Date().toISOString(),
        updatedBy: caller.userId,
      };
      await manager.getRepository(DataPolicyEntity).save(row);
      await manager.getRepository(DataPolicyVersionEntity).insert({
        connectionId,
        version: row.version,
        body: row.body,
        createdAt: row.updatedAt,
        createdBy: row.updatedBy,
      });
      await dropKeptRows(manager, connectionId);
      return { row, changed: true };
    });
    if (saved.changed)
      auditCallerEvent(this.logger, 'policy.update', caller, { connectionId, version: saved.row?.version });
    return { view: toView(connectionId, saved.row), changed: saved.changed };
  }
}

/**
 * Rows kept in history were read under the policy of their time: a new policy version drops them from every entry of
 * the connection (and from entries older than connection ids), so no session, MCP `session_history` or `/session`
 * shows rows the new policy denies or masks (docs/http-api.md "Roles and data policies"). The entries keep their
 * question, SQL and answer; export re-runs the SQL under the policy of its reader.
 */
async function dropKeptRows(manager: EntityManager, connectionId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(HistoryEntryEntity)
    .set({ result: null })
    .where('result IS NOT NULL AND (connection_id = :connectionId OR connection_id IS NULL)', { connectionId })
    .execute();
}

function toView(connectionId: string, row: DataPolicyEntity | null): DataPolicyView {
  const document: DataPolicyDocument = row ? (JSON.parse(row.body) as DataPolicyDocument) : { roles: {} };
  return {
    connection_id: connectionId,
    roles: document.roles,
    version: row?.version ?? 0,
    updated_at: row?.updatedAt ?? null,
    updated_by: row?.updatedBy ?? null,
  };
}
