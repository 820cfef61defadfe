import type { ExampleStatus, ResultFingerprint, VerifiedExample } from '@nlq/contracts';
import type { ExampleChange, ExampleFilter, VerifiedExampleStore } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { VerifiedExampleEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** Default time a connection's few-shot examples are reused before they are read again, in ms. */
export const VERIFIED_EXAMPLES_TTL_MS = 10_000;

type FewShot = { id: string; question: string; sql: string };

/**
 * Verified examples and their candidates in `verified_example` (the pipeline's VerifiedExampleStore):
 * transitions are one conditional UPDATE (`WHERE id = ? AND status IN (...)`), so of two concurrent promotions or
 * demotions one wins. The few-shot read (docs/architecture.md step 5, once per prompt) is kept per connection and limit
 * for `ttlMs` and forgotten on every write through this store; a change made on another replica shows within `ttlMs`.
 */
export class VerifiedExamplesRepository implements VerifiedExampleStore {
  private readonly fewShot = new Map<string, { at: number; examples: FewShot[] }>();
  /** Bumped by every write: a read that began before it is not cached. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
    private readonly ttlMs: number = VERIFIED_EXAMPLES_TTL_MS,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(VerifiedExampleEntity);
  }

  private changed(): void {
    this.generation++;
    this.fewShot.clear();
  }

  async insertExample(example: VerifiedExample): Promise<void> {
    await this.exclusive.run(() => this.repo.insert(toRow(example)));
    this.changed();
  }

  async getExample(id: string): Promise<VerifiedExample | null> {
    const row = await this.exclusive.run(() => this.repo.findOneBy({ id }));
    return row ? fromRow(row) : null;
  }

  async listExamples(filter: ExampleFilter): Promise<VerifiedExample[]> {
    const rows = await this.exclusive.run(() => {
      const qb = this.repo.createQueryBuilder('e');
      if (filter.connectionId !== undefined)
        qb.andWhere('e.connection_id = :connectionId', { connectionId: filter.connectionId });
      if (filter.status !== undefined) qb.andWhere('e.status = :status', { status: filter.status });
      qb.orderBy('e.updated_at', 'DESC').addOrderBy('e.created_at', 'DESC').addOrderBy('e.id', 'DESC');
      if (filter.limit !== undefined) qb.limit(filter.limit);
      return qb.getMany();
    });
    return rows.map(fromRow);
  }

  async updateExample(
    id: string,
    from: readonly ExampleStatus[],
    change: ExampleChange,
  ): Promise<VerifiedExample | null> {
    if (from.length === 0) return null;
    const set: Partial<VerifiedExampleEntity> = {};
    if (change.status !== undefined) set.status = change.status;
    if (change.reason !== undefined) set.reason = change.reason;
    if (change.schema_version !== undefined) set.schemaVersion = change.schema_version;
    if (change.result_fingerprint !== undefined)
      set.resultFingerprint = change.result_fingerprint ? JSON.stringify(change.result_fingerprint) : null;
    set.updatedAt = change.updated_at ?? new Date().toISOString();
    const result = await this.exclusive.run(() =>
      this.repo
        .createQueryBuilder()
        .update(VerifiedExampleEntity)
        .set(set)
        .where('id = :id AND status IN (:...from)', { id, from: [...from] })
        .execute(),
    );
    this.changed();
    if (!result.affected) return null;
    return this.getExample(id);
  }

  async fewShotExamples(connectionId: string, limit: number): Promise<FewShot[]> {
    if (limit <= 0) return [];
    const key = `${connectionId}\u0000${limit}`;
    const cached = this.fewShot.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.examples.map((e) => ({ ...e }));
    const generation = this.generation;
    const examples = (await this.listExamples({ connectionId, status: 'verified', limit })).map((e) => ({
      id: e.id,
      question: e.question,
      sql: e.sql,
    }));
    if (this.ttlMs > 0 && generation === this.generation)
      this.fewShot.set(key, { at: Date.now(), examples: examples.map((e) => ({ ...e })) });
    return examples;
  }
}

function toRow(e: VerifiedExample): VerifiedExampleEntity {
  return {
    id: e.id,
    connectionId: e.connection_id,
    question: e.question,
    sql: e.sql,
    schemaVersion: e.schema_version,
    resultFingerprint: e.result_fingerprint ? JSON.stringify(e.result_fingerprint) : null,
    status: e.status,
    reason: e.reason,
    sourceEntryId: e.source_entry_id,
    createdAt: e.created_at,
    updatedAt: e.updated_at,
  };
}

function fromRow(r: VerifiedExampleEntity): VerifiedExample {
  return {
    id: r.id,
    connection_id: r.connectionId,
    question: r.question,
    sql: r.sql,
    schema_version: r.schemaVersion,
    result_fingerprint: r.resultFingerprint ? (JSON.parse(r.resultFingerprint) as ResultFingerprint) : null,
    status: r.status as ExampleStatus,
    reason: r.reason,
    source_entry_id: r.sourceEntryId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
