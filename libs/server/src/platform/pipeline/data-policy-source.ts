import type { DataPolicyDocument } from '@nlq/contracts';
import type { DataPolicySource } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { DataPolicyEntity } from '../api-state/data-policy.entity';
import { EntityReader } from '../state/entity-reader';

/**
 * The pipeline's reader of each connection's data policy (docs/http-api.md "Roles and data policies"): the current
 * row of `data_policy`, read on every question so that a saved policy applies to the next question on every replica.
 * Read through EntityReader (its SQL built once, only the body and version columns) rather than `findOneBy`, whose
 * query building was 5 % of a cache miss's CPU.
 */
export function dataPolicySource(dataSource: DataSource): DataPolicySource {
  let rows: EntityReader<DataPolicyEntity> | undefined;
  return {
    async policyFor(connectionId) {
      rows ??= new EntityReader(dataSource, DataPolicyEntity, ['connectionId', 'updatedAt', 'updatedBy']);
      const [row] = await rows.many(`${rows.column('connectionId')} = :connectionId`, { connectionId }, 'LIMIT 1');
      if (!row) return { document: { roles: {} }, version: 0 };
      return { document: JSON.parse(row.body) as DataPolicyDocument, version: row.version };
    },
  };
}
