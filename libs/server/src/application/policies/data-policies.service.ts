import { Inject, Injectable } from '@nestjs/common';
import type { DataPolicyDocument, DataPolicyView } from '@nlq/contracts';
import { QueryPipeline, validateDataPolicy } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { Principal } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { auditCallerEvent } from '../../platform/common/audit.logger';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { DataPolicyVersionEntity } from '../../platform/api-state/data-policy-version.entity';
import { DataPolicyEntity } from '../../platform/api-state/data-policy.entity';

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
    const row = await this.dataSource.getRepository(DataPolicyEntity).findOneBy({ connectionId: id });
    return toView(id, row);
  }

  /**
   * Replace the connection's policy with `body`, as the next version.
   * @throws ApiException 400 VALIDATION with each problem under its field (`roles.viewer.tables[1]`).
   */
  async put(connectionId: string, body: unknown, caller: Principal): Promise<DataPolicyView> {
    const { connectionId: id, schema } = await this.pipeline.connectionSchema(connectionId);
    const checked = validateDataPolicy(body, schema);
    if (!checked.ok)
      throw ApiException.validation(checked.problems, 'The data policy names something that is not valid');
    const saved = await this.dataSource.transaction(async (manager) => {
      const current = await manager.getRepository(DataPolicyEntity).findOneBy({ connectionId: id });
      const row: DataPolicyEntity = {
        connectionId: id,
        body: JSON.stringify(checked.policy),
        version: (current?.version ?? 0) + 1,
        updatedAt: new Date().toISOString(),
        updatedBy: caller.userId,
      };
      await manager.getRepository(DataPolicyEntity).save(row);
      await manager.getRepository(DataPolicyVersionEntity).insert({
        connectionId: id,
        version: row.version,
        body: row.body,
        createdAt: row.updatedAt,
        createdBy: row.updatedBy,
      });
      return row;
    });
    auditCallerEvent(this.logger, 'policy.update', caller, { connectionId: id, version: saved.version });
    return toView(id, saved);
  }
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
