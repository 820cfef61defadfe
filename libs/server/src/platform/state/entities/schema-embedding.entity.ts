import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Table embeddings of one schema version for semantic schema linking, in table `schema_embedding`:
 * computed once per schema version and embedding model, shared by every replica through the state store.
 */
@Entity({ name: 'schema_embedding' })
export class SchemaEmbeddingEntity {
  /** `<model id>\0<schema version>\0<table count>` (SemanticScorer's cache key), at most 256 characters. */
  @PrimaryColumn({ name: 'cache_key', type: 'varchar', length: 256 })
  key!: string;

  /** The vectors, one a table in schema order, as JSON. */
  @Column({ name: 'vectors', type: 'text' })
  vectors!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
