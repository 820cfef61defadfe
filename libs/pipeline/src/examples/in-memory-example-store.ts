import type { VerifiedExample } from '@nlq/contracts';
import type { ExampleChange, ExampleFilter, VerifiedExampleStore } from '../ports';
import type { ExampleStatus } from '@nlq/contracts';

/** Newest change first (updated_at, then created_at, then id). */
export function byNewestChange(a: VerifiedExample, b: VerifiedExample): number {
  return (
    b.updated_at.localeCompare(a.updated_at) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)
  );
}

/** A {@link VerifiedExampleStore} in process memory (the in-memory state store's); values are deep-copied both ways. */
export class InMemoryExampleStore implements VerifiedExampleStore {
  private readonly examples = new Map<string, VerifiedExample>();

  async insertExample(example: VerifiedExample): Promise<void> {
    if (this.examples.has(example.id)) throw new Error(`duplicate example id ${example.id}`);
    this.examples.set(example.id, structuredClone(example));
  }

  async getExample(id: string): Promise<VerifiedExample | null> {
    const example = this.examples.get(id);
    return example ? structuredClone(example) : null;
  }

  async listExamples(filter: ExampleFilter): Promise<VerifiedExample[]> {
    const matching = [...this.examples.values()]
      .filter(
        (e) =>
          (filter.connectionId === undefined || e.connection_id === filter.connectionId) &&
          (filter.status === undefined || e.status === filter.status),
      )
      .sort(byNewestChange);
    return (filter.limit !== undefined ? matching.slice(0, filter.limit) : matching).map((e) => structuredClone(e));
  }

  async updateExample(
    id: string,
    from: readonly ExampleStatus[],
    change: ExampleChange,
  ): Promise<VerifiedExample | null> {
    const example = this.examples.get(id);
    if (!example || !from.includes(example.status)) return null;
    Object.assign(example, structuredClone(change));
    return structuredClone(example);
  }

  async fewShotExamples(
    connectionId: string,
    limit: number,
  ): Promise<Array<{ id: string; question: string; sql: string }>> {
    return (await this.listExamples({ connectionId, status: 'verified', limit })).map((e) => ({
      id: e.id,
      question: e.question,
      sql: e.sql,
    }));
  }
}
