import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One version of a knowledge definition, in table `knowledge_definition_version`: written by every create,
 * change and delete, never changed afterwards, so the history of a definition is its rows by `version`.
 */
@Entity({ name: 'knowledge_definition_version' })
export class KnowledgeDefinitionVersionEntity {
  @PrimaryColumn({ name: 'definition_id', type: 'varchar', length: 64 })
  definitionId!: string;

  @PrimaryColumn({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'connection_id', type: 'varchar', length: 64 })
  connectionId!: string;

  @Column({ name: 'kind', type: 'varchar', length: 16 })
  kind!: string;

  @Column({ name: 'name', type: 'varchar', length: 128, nullable: true })
  name!: string | null;

  /** The definition as of this version (KnowledgeDefinitionBody), as JSON. */
  @Column({ name: 'body', type: 'text' })
  body!: string;

  /**
   * Where the definition came from, as JSON (DefinitionOrigin of application/knowledge/dbt/dbt-origin.ts): the dbt
   * entries it was translated from; null for a definition typed in nlq (docs/knowledge.md "Export to dbt").
   */
  @Column({ name: 'origin', type: 'text', nullable: true })
  origin!: string | null;

  /** create, update, delete, propose, accept or reject: the change that made this version. */
  @Column({ name: 'change', type: 'varchar', length: 16 })
  change!: string;

  @Column({ name: 'deleted', type: 'boolean', default: false })
  deleted!: boolean;

  /** The definition's status as of this version (active, proposed or rejected). */
  @Column({ name: 'status', type: 'varchar', length: 16, default: 'active' })
  status!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'created_by', type: 'varchar', length: 128 })
  createdBy!: string;
}
