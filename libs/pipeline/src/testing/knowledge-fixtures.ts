import type { KnowledgeDefinition, VerifiedExample } from '@nlq/contracts';

/**
 * A stored metric definition for tests: "revenue" = `SUM(orders.total)` over orders not cancelled, version 1 of
 * connection `c`; `overrides` replace any field.
 */
export function revenueMetric(
  overrides: Partial<Extract<KnowledgeDefinition, { kind: 'metric' }>> = {},
): KnowledgeDefinition {
  return {
    id: 'rev',
    connection_id: 'c',
    version: 1,
    created_at: '',
    updated_at: '',
    updated_by: 'service',
    deleted: false,
    status: 'active',
    kind: 'metric',
    name: 'revenue',
    synonyms: ['sales'],
    description: '',
    expression: 'SUM(orders.total)',
    filter: "orders.status <> 'cancelled'",
    ...overrides,
  };
}

/** A verified example of connection `c` for tests (schema version v1, a one-row fingerprint); `overrides` replace any field. */
export function verifiedExample(
  overrides: Partial<VerifiedExample> & Pick<VerifiedExample, 'id' | 'question' | 'sql'>,
): VerifiedExample {
  return {
    connection_id: 'c',
    schema_version: 'v1',
    result_fingerprint: { columns: ['n'], row_count: 1, hash: 'h' },
    status: 'verified',
    reason: null,
    source_entry_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
