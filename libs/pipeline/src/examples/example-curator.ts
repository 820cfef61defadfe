import type { ExampleStatus, HistoryEntry, ResultFingerprint, VerifiedExample } from '@nlq/contracts';
import type { ExampleFilter, StateStore, TargetResolver, VerifiedExampleStore } from '../ports';
import { recordId } from '../record-id';
import { executeRead } from '../stages/execute';
import { fingerprintDifference, resultFingerprint, sameShape } from './fingerprint';

/** Collaborators of the {@link ExampleCurator}. */
export interface ExampleCuratorDeps {
  store: StateStore;
  targets: TargetResolver;
  /** The pipeline's execution limits: a re-run uses the same row limit and statement timeout (ms) as an answer. */
  limits: { maxResultRows: number; statementTimeoutMs: number };
  clock: () => number;
  /** The connection's schema version as the pipeline last loaded it, or null. */
  schemaVersion: (connectionId: string) => string | null;
}

/** How a promote or reject ended: the example as stored, or why not (404 unknown id, 409 wrong status or failed check). */
export type ExampleDecision = { ok: true; example: VerifiedExample } | { ok: false; status: 404 | 409; reason: string };

type Rerun = { ok: true; fingerprint: ResultFingerprint; schemaVersion: string | null } | { ok: false; reason: string };

/** Reason recorded on an example a thumbs-down sent back to candidate. */
export const THUMBS_DOWN_REASON = 'a thumbs-down on an answer that used it sent it back to candidate';

/**
 * The lifecycle of verified examples (docs/architecture.md step 5):
 * - a thumbs-up on an answered read stores a `candidate` (one per connection, question and SQL while one is open) and
 *   re-runs its SQL read-only in the background (the connection's driver, the answer's row limit and statement
 *   timeout): the result's fingerprint ({@link resultFingerprint}) is computed from that re-run and kept, and its row
 *   count must equal the one the answer recorded on its history entry, else the candidate is `failed_check` with
 *   the reason (as is one whose SQL no longer runs);
 * - promote re-runs it again and makes it `verified` only when the fingerprint is unchanged (else `failed_check`);
 * - a schema refresh re-runs the verified examples checked against another schema version and `retired`s those whose
 *   SQL fails or whose columns changed;
 * - a thumbs-down on an answer whose SQL was written with verified examples (its history entry's `examples`) sends
 *   them back to `candidate`.
 * Without a {@link VerifiedExampleStore} on the state store every method does nothing (or answers 404).
 */
export class ExampleCurator {
  /** Background checks still running (see {@link settled}). */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: ExampleCuratorDeps) {}

  private get store(): VerifiedExampleStore | undefined {
    return this.deps.store.verifiedExamples;
  }

  private now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  /**
   * React to a feedback entry on `query` (the answered query entry it refers to): positive stores a candidate and
   * schedules its check (not awaited: see {@link settled}); negative sends the verified examples the answer used back
   * to candidate (awaited, so the next prompt no longer carries them). Rejects with the store's error.
   */
  async afterFeedback(feedback: HistoryEntry, query: HistoryEntry | null): Promise<void> {
    const store = this.store;
    if (!store || !query || query.kind !== 'query') return;
    if (feedback.signal === 'negative') {
      // the examples the answer's SQL was written with, as its history entry records them (provenance)
      for (const id of query.examples ?? []) {
        await store.updateExample(id, ['verified'], {
          status: 'candidate',
          reason: THUMBS_DOWN_REASON,
          updated_at: this.now(),
        });
      }
      return;
    }
    if (
      feedback.signal !== 'positive' ||
      query.status !== 'ok' ||
      !query.sql ||
      !query.question ||
      !query.connection_id
    )
      return;
    const connectionId = query.connection_id;
    const key = query.question.trim().toLowerCase();
    const open = await store.listExamples({ connectionId });
    if (
      open.some(
        (e) =>
          (e.status === 'candidate' || e.status === 'verified') &&
          e.sql === query.sql &&
          e.question.trim().toLowerCase() === key,
      )
    )
      return;
    const at = this.now();
    const example: VerifiedExample = {
      id: recordId(),
      connection_id: connectionId,
      question: query.question,
      sql: query.sql,
      schema_version: null,
      result_fingerprint: null,
      status: 'candidate',
      reason: null,
      source_entry_id: query.id,
      created_at: at,
      updated_at: at,
    };
    await store.insertExample(example);
    this.track(this.checkCandidate(example, query.row_count));
  }

  /** Resolves when every background check started so far has ended (tests; the list endpoint waits for it). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** The examples matching `filter`, newest change first; [] without an example store. */
  async list(filter: ExampleFilter): Promise<VerifiedExample[]> {
    return (await this.store?.listExamples(filter)) ?? [];
  }

  /**
   * Promote a candidate to verified after re-running it: 404 for an unknown id, 409 when it is not a candidate or its
   * re-run fails or returns another result than its fingerprint (it is then `failed_check` with the reason).
   */
  async promote(id: string): Promise<ExampleDecision> {
    await this.settled();
    const store = this.store;
    const example = store ? await store.getExample(id) : null;
    if (!store || !example) return { ok: false, status: 404, reason: `No example ${id}.` };
    if (example.status !== 'candidate')
      return {
        ok: false,
        status: 409,
        reason: `Only a candidate can be promoted; this example is ${example.status}${example.reason ? ` (${example.reason})` : ''}.`,
      };
    const rerun = await this.rerun(example);
    const difference = !rerun.ok
      ? rerun.reason
      : example.result_fingerprint
        ? fingerprintDifference(example.result_fingerprint, rerun.fingerprint)
        : null;
    if (difference !== null || !rerun.ok) {
      const reason = `The check failed: ${difference}.`;
      await store.updateExample(id, ['candidate'], { status: 'failed_check', reason, updated_at: this.now() });
      return { ok: false, status: 409, reason };
    }
    const verified = await store.updateExample(id, ['candidate'], {
      status: 'verified',
      reason: null,
      result_fingerprint: rerun.fingerprint,
      schema_version: rerun.schemaVersion ?? example.schema_version,
      updated_at: this.now(),
    });
    return verified ? { ok: true, example: verified } : this.conflict(store, id);
  }

  /** Reject an example in any other status: 404 for an unknown id, 409 when it is already rejected. */
  async reject(id: string, by: string): Promise<ExampleDecision> {
    await this.settled();
    const store = this.store;
    if (!store) return { ok: false, status: 404, reason: `No example ${id}.` };
    const from: ExampleStatus[] = ['candidate', 'failed_check', 'verified', 'retired'];
    const rejected = await store.updateExample(id, from, {
      status: 'rejected',
      reason: `rejected by ${by}`,
      updated_at: this.now(),
    });
    return rejected ? { ok: true, example: rejected } : this.conflict(store, id);
  }

  /**
   * After a schema refresh to `schemaVersion`: re-run each verified example of the connection last checked against
   * another version; retire it when its SQL no longer runs or its columns changed, else record the new version.
   * Resolves with the number retired; rejects with the store's error.
   */
  async reverify(connectionId: string, schemaVersion: string): Promise<number> {
    const store = this.store;
    if (!store) return 0;
    let retired = 0;
    for (const example of await store.listExamples({ connectionId, status: 'verified' })) {
      if (example.schema_version === schemaVersion) continue;
      const rerun = await this.rerun(example);
      const reason = !rerun.ok
        ? `after the schema change (version ${schemaVersion}) ${rerun.reason}`
        : example.result_fingerprint && !sameShape(example.result_fingerprint, rerun.fingerprint)
          ? `after the schema change (version ${schemaVersion}) ${fingerprintDifference(example.result_fingerprint, rerun.fingerprint)}`
          : null;
      if (reason !== null) {
        if (await store.updateExample(example.id, ['verified'], { status: 'retired', reason, updated_at: this.now() }))
          retired++;
      } else {
        await store.updateExample(example.id, ['verified'], { schema_version: schemaVersion, updated_at: this.now() });
      }
    }
    return retired;
  }

  private async conflict(store: VerifiedExampleStore, id: string): Promise<ExampleDecision> {
    const now = await store.getExample(id);
    return now
      ? { ok: false, status: 409, reason: `This example is ${now.status}.` }
      : { ok: false, status: 404, reason: `No example ${id}.` };
  }

  /** The candidate's first check; failures of the store are swallowed (the candidate stays unchecked). */
  private async checkCandidate(example: VerifiedExample, answeredRows: number | null): Promise<void> {
    const store = this.store;
    if (!store) return;
    const rerun = await this.rerun(example);
    const at = this.now();
    if (!rerun.ok) {
      await store.updateExample(example.id, ['candidate'], {
        status: 'failed_check',
        reason: `The check failed: ${rerun.reason}.`,
        updated_at: at,
      });
      return;
    }
    const change = { result_fingerprint: rerun.fingerprint, schema_version: rerun.schemaVersion, updated_at: at };
    if (answeredRows !== null && rerun.fingerprint.row_count !== answeredRows) {
      const reason = `The check failed: the re-run returned ${rerun.fingerprint.row_count} rows where the answer had ${answeredRows}.`;
      await store.updateExample(example.id, ['candidate'], { ...change, status: 'failed_check', reason });
      return;
    }
    await store.updateExample(example.id, ['candidate'], change);
  }

  /** Run the example's SQL read-only on its connection with the answer's limits. */
  private async rerun(example: VerifiedExample): Promise<Rerun> {
    let target;
    try {
      target = await this.deps.targets.connection(example.connection_id);
    } catch (error) {
      return {
        ok: false,
        reason: `its connection could not be used (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    const executed = await executeRead(target.driver, example.sql, {
      maxRows: this.deps.limits.maxResultRows,
      timeoutMs: this.deps.limits.statementTimeoutMs,
    });
    if (!executed.ok) return { ok: false, reason: `its SQL no longer runs (${executed.error.message})` };
    return {
      ok: true,
      fingerprint: resultFingerprint(example.sql, executed.result),
      schemaVersion: this.deps.schemaVersion(example.connection_id),
    };
  }

  private track(work: Promise<void>): void {
    const settled = work.catch(() => undefined).finally(() => this.running.delete(settled));
    this.running.add(settled);
  }
}
