import type { DataPolicyDocument } from '@nlq/contracts';
import type { DataPolicySource } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { DataPolicyEntity } from '../api-state/data-policy.entity';

/**
 * The pipeline's reader of each connection's data policy (docs/http-api.md "Roles and data policies"): the current
 * row of `data_policy`, read on every question so that a saved policy applies to the next question on every replica.
 */
export function dataPolicySource(dataSource: DataSource): DataPolicySource {
  return {
    async policyFor(connectionId) {
      const row = await dataSource.getRepository(DataPolicyEntity).findOneBy({ connectionId });
      if (!row) return { document: { roles: {} }, version: 0 };
      return { document: JSON.parse(row.body) as DataPolicyDocument, version: row.version };
    },
  };
}
