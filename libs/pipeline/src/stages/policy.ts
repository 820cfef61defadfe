import type { SqlClassification } from '@nlq/contracts';

/** What the policy lets happen to a checked statement. */
export type PolicyDecision = { action: 'run' } | { action: 'hold' } | { action: 'deny'; error: string };

/**
 * Pipeline step 8 (docs/architecture.md; docs/http-api.md "Contract: query adapter" rule 2): mode `user` runs reads only and denies writes and DDL (an admin
 * must run them); mode `admin` runs reads and holds every write or DDL for approval. `refused` SQL
 * (unparseable, several statements, ATTACH/PRAGMA/...) is denied in both modes with the checker's reason.
 */
export function decidePolicy(mode: 'user' | 'admin', classification: SqlClassification): PolicyDecision {
  switch (classification.kind) {
    case 'read':
      return { action: 'run' };
    case 'write':
    case 'ddl': {
      if (mode === 'admin') return { action: 'hold' };
      const what = classification.kind === 'write' ? 'changes data' : 'changes the schema or administers the database';
      return {
        action: 'deny',
        error: `The generated SQL ${what} (${classification.statementType ?? classification.kind}); writes are not allowed in user mode, so nothing was run. An admin must run it (the service in admin mode holds it for approval).`,
      };
    }
    default:
      return {
        action: 'deny',
        error: `The generated SQL was refused: ${classification.reason ?? 'it is not a single statement nlq may run'}.`,
      };
  }
}
