import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The current version of one knowledge definition of a connection, in table `knowledge_definition`. Its
 * every version, this one included, is a row of `knowledge_definition_version` ({@link KnowledgeDefinitionVersionEntity}).
 * A deleted definition keeps its row with `deleted` set.
 */
@Entity({ name: 'knowledge_definition' })
@Index('ix_knowledge_definition_connection', ['connectionId', 'kind'])
export class KnowledgeDefinitionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'connection_id', type: 'varchar', length: 64 })
  connectionId!: string;

  /** metric, filter, synonym or instruction. */
  @Column({ name: 'kind', type: 'varchar', length: 16 })
  kind!: string;

  /** The name (null for an instruction), unique among the live definitions of the connection (checked by the service). */
  @Column({ name: 'name', type: 'varchar', length: 128, nullable: true })
  name!: string | null;

  /** The definition without bookkeeping (KnowledgeDefinitionBody), as JSON. */
  @Column({ name: 'body', type: 'text' })
  body!: string;

  /**
   * Where the definition came from, as JSON (DefinitionOrigin of application/knowledge/dbt/dbt-origin.ts): the dbt
   * entries it was translated from; null for a definition typed in nlq (docs/knowledge.md "Export to dbt").
   */
  @Column({ name: 'origin', type: 'text', nullable: true })
  origin!: string | null;

  @Column({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'deleted', type: 'boolean', default: false })
  deleted!: boolean;

  /** active (used at question time), proposed (an analyst's proposal) or rejected (docs/knowledge.md "Proposals"). */
  @Column({ name: 'status', type: 'varchar', length: 16, default: 'active' })
  status!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;

  @Column({ name: 'updated_by', type: 'varchar', length: 128 })
  updatedBy!: string;
}
