import type { DataSource, EntityManager } from 'typeorm';
import { KnowledgeDefinitionEntity, KnowledgeDefinitionVersionEntity } from '../entities';
import type { ExclusiveRunner } from './exclusive-runner';

/**
 * What made a version: an admin's create, update or delete; an analyst's proposal (`propose`, a new definition with
 * status `proposed`); an admin's `accept` (status `active`) or `reject` (status `rejected`) of a proposal.
 */
export type DefinitionChangeKind = 'create' | 'update' | 'delete' | 'propose' | 'accept' | 'reject';

/** One change to write: the definition row as it becomes, and what made it. */
export interface DefinitionChange {
  row: KnowledgeDefinitionEntity;
  change: DefinitionChangeKind;
}

/** Another change of the definition was written first: the version a change was based on is no longer current. */
export class StaleDefinitionError extends Error {
  constructor(readonly definitionId: string) {
    super(`Definition "${definitionId}" was changed meanwhile.`);
    this.name = 'StaleDefinitionError';
  }
}

/** A page of definition rows. */
export interface DefinitionRowPage {
  rows: KnowledgeDefinitionEntity[];
  total: number;
}

/**
 * The knowledge definitions of the connections in `knowledge_definition` (one row a definition, its
 * current version) and `knowledge_definition_version` (every version, never changed). Every write is one transaction
 * writing both, serialized with the state store's other work on SQLite.
 */
export class KnowledgeDefinitionsRepository {
  /**
   * @param exclusive the state store's runner (writes serialized with its other work on SQLite)
   * @param forget called with the connections whose definitions a write changed (or tried to), once it is done
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly exclusive: ExclusiveRunner,
    private readonly forget: (connectionIds: string[]) => void,
  ) {}

  /**
   * The not deleted definitions of a connection in `status` (default `active`: the live ones), optionally of one
   * kind, oldest first, `pageSize` from `offset`, with their total.
   */
  page(
    connectionId: string,
    kind: string | undefined,
    offset: number,
    pageSize: number,
    status = 'active',
  ): Promise<DefinitionRowPage> {
    return this.exclusive.run(async () => {
      const query = this.dataSource
        .getRepository(KnowledgeDefinitionEntity)
        .createQueryBuilder('d')
        .where('d.connection_id = :connectionId', { connectionId })
        .andWhere('d.deleted = :deleted', { deleted: false })
        .andWhere('d.status = :status', { status });
      if (kind) query.andWhere('d.kind = :kind', { kind });
      const [rows, total] = await query
        .orderBy('d.created_at', 'ASC')
        .addOrderBy('d.id', 'ASC')
        .skip(offset)
        .take(pageSize)
        .getManyAndCount();
      return { rows, total };
    });
  }

  /**
   * Every live definition of a connection (not deleted, status `active`: what questions use), oldest first (export,
   * import, questions); with `status` `proposed`, its open proposals instead.
   */
  live(connectionId: string, status: 'active' | 'proposed' = 'active'): Promise<KnowledgeDefinitionEntity[]> {
    return this.exclusive.run(() =>
      this.dataSource
        .getRepository(KnowledgeDefinitionEntity)
        .find({ where: { connectionId, deleted: false, status }, order: { createdAt: 'ASC', id: 'ASC' } }),
    );
  }

  /** The definition of `id`, deleted or not; null when none. */
  get(id: string): Promise<KnowledgeDefinitionEntity | null> {
    return this.exclusive.run(() => this.dataSource.getRepository(KnowledgeDefinitionEntity).findOneBy({ id }));
  }

  /** Every version of the definition of `id`, oldest first (empty for an unknown id). */
  versions(id: string): Promise<KnowledgeDefinitionVersionEntity[]> {
    return this.exclusive.run(() =>
      this.dataSource
        .getRepository(KnowledgeDefinitionVersionEntity)
        .find({ where: { definitionId: id }, order: { version: 'ASC' } }),
    );
  }

  /**
   * Writes the changes in one transaction, all or none: each definition row as it becomes and its version row. A
   * change other than `create` applies only while the stored row is still at the version before it.
   * @throws StaleDefinitionError when another change got there first (nothing is written); the driver's error otherwise.
   */
  write(changes: readonly DefinitionChange[]): Promise<void> {
    // the definitions the pipeline reads for questions are forgotten once the change is written (or failed)
    const forget = () => this.forget([...new Set(changes.map((c) => c.row.connectionId))]);
    return this.exclusive
      .run(() =>
        this.dataSource.transaction(async (manager: EntityManager) => {
          for (const { row, change } of changes) {
            const rows = manager.getRepository(KnowledgeDefinitionEntity);
            if (change === 'create' || change === 'propose') {
              await rows.insert(row);
            } else {
              const { id, ...rest } = row;
              const result = await rows.update({ id, version: row.version - 1 }, rest);
              if (result.affected !== 1) throw new StaleDefinitionError(id);
            }
            const version: KnowledgeDefinitionVersionEntity = {
              definitionId: row.id,
              version: row.version,
              connectionId: row.connectionId,
              kind: row.kind,
              name: row.name,
              body: row.body,
              origin: row.origin ?? null,
              change,
              deleted: row.deleted,
              status: row.status,
              createdAt: row.updatedAt,
              createdBy: row.updatedBy,
            };
            await manager.getRepository(KnowledgeDefinitionVersionEntity).insert(version);
          }
        }),
      )
      .finally(forget);
  }
}
