import type { EmbeddingCache } from '@nlq/pipeline';
import type { DataSource } from 'typeorm';
import { SchemaEmbeddingEntity } from './entities/schema-embedding.entity';

/**
 * The SemanticScorer's cache in the state store (table `schema_embedding`), so table vectors are computed once per
 * schema version and model for all replicas and survive restarts. Keys (model id, schema version, table count)
 * stay far below the column's 256 characters.
 */
export class TypeOrmEmbeddingCache implements EmbeddingCache {
  constructor(private readonly dataSource: DataSource) {}

  /** The stored vectors for `key`, or undefined. */
  async get(key: string): Promise<number[][] | undefined> {
    const row = await this.dataSource.getRepository(SchemaEmbeddingEntity).findOneBy({ key });
    return row ? (JSON.parse(row.vectors) as number[][]) : undefined;
  }

  /** Stores (or replaces) the vectors for `key`. */
  async set(key: string, vectors: number[][]): Promise<void> {
    await this.dataSource
      .getRepository(SchemaEmbeddingEntity)
      .save({ key, vectors: JSON.stringify(vectors), createdAt: new Date().toISOString() });
  }
}
