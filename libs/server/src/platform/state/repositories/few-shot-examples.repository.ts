import type { HistoryEntry } from '@nlq/contracts';
import type { StateStore } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { HistoryEntryEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/** A question/SQL few-shot example, as the StateStore port returns it. */
export type FewShotExample = Awaited<ReturnType<StateStore['listPositiveExamples']>>[number];

/** Default time few-shot examples are reused before they are read again, in ms (TypeOrmStateStore options). */
export const EXAMPLES_TTL_MS = 10_000;

/**
 * The few-shot examples of a connection (docs/architecture.md step 5): positively rated, successful questions and
 * their SQL, read from `history_entry` and kept for a short time per connection and limit.
 */
export class FewShotExamplesRepository {
  /** Few-shot examples per connection and limit, with the time they were read (see list). */
  private readonly examples = new Map<string, { at: number; examples: FewShotExample[] }>();
  /** Bumped by every feedback entry written through this store: a read that began before it is not cached. */
  private feedbackGeneration = 0;

  /** @param examplesTtlMs how long examples read from the database are reused, in ms (0: read on every call) */
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
    private readonly examplesTtlMs: number = EXAMPLES_TTL_MS,
  ) {}

  /** Feedback changes the few-shot examples: forget the ones read so far (and any read still in flight). */
  forgetAfter(entries: readonly HistoryEntry[]): void {
    if (!entries.some((e) => e.kind === 'feedback')) return;
    this.feedbackGeneration++;
    this.examples.clear();
  }

  /**
   * Questions and SQL of successful (`status: ok`) query entries of the connection whose latest feedback is
   * positive, newest feedback first, one per distinct question, at most `limit` (the pipeline's few-shot examples,
   * docs/architecture.md step 5). Every cache miss asks for them, so they are kept per connection and limit for
   * `examplesTtlMs` and forgotten as soon as feedback is written through this store; feedback given on another
   * replica shows here within `examplesTtlMs`.
   */
  async list(connectionId: string, limit: number): Promise<FewShotExample[]> {
    if (limit <= 0) return [];
    const key = `${connectionId}\u0000${limit}`;
    const cached = this.examples.get(key);
    if (cached && Date.now() - cached.at < this.examplesTtlMs) return cached.examples.map((e) => ({ ...e }));
    const generation = this.feedbackGeneration;
    const examples = await this.read(connectionId, limit);
    if (this.examplesTtlMs > 0 && generation === this.feedbackGeneration)
      this.examples.set(key, { at: Date.now(), examples: examples.map((e) => ({ ...e })) });
    return examples;
  }

  /** The query behind {@link list}, on the indexes the plan test checks. */
  private async read(connectionId: string, limit: number): Promise<FewShotExample[]> {
    const rows: Array<{ question: string; sql: string }> = await this.exclusive.run(() =>
      this.dataSource
        .getRepository(HistoryEntryEntity)
        .createQueryBuilder('q')
        .innerJoin(HistoryEntryEntity, 'f', "f.ref_id = q.id AND f.kind = 'feedback'")
        .select('q.question', 'question')
        .addSelect('q.sql', 'sql')
        .where("q.kind = 'query' AND q.status = 'ok' AND q.sql IS NOT NULL AND q.question IS NOT NULL")
        // f.connection_id (copied from the query by recordFeedback) lets the index read this connection's feedback only
        .andWhere('q.connection_id = :connectionId AND f.connection_id = :connectionId', { connectionId })
        .andWhere("f.signal = 'positive'")
        .andWhere((qb) => {
          const latest = qb
            .subQuery()
            .select('MAX(g.seq)')
            .from(HistoryEntryEntity, 'g')
            .where("g.kind = 'feedback' AND g.ref_id = q.id");
          return `f.seq = ${latest.getQuery()}`;
        })
        .orderBy('f.seq', 'DESC')
        .limit(limit * 4)
        .getRawMany(),
    );
    const seen = new Set<string>();
    const examples: FewShotExample[] = [];
    for (const row of rows) {
      const key = row.question.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      examples.push({ question: row.question, sql: row.sql });
      if (examples.length >= limit) break;
    }
    return examples;
  }
}
