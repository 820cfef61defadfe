import type { DataSource, EntityTarget, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import { ErrorCode } from '@nlq/contracts';
import { ApiException } from './api.exception';
import type { SettingBaseEntity } from './setting-base.entity';

/**
 * The table of one kind of stored /api setting (database connections, model settings), with the parts of their CRUD
 * that are the same for every kind: list oldest first, find one (404), a unique name (409), at most one active row,
 * no deletion of the active one (409). The services keep what differs (validation, secrets, what activation does).
 */
export class SettingsTable<E extends SettingBaseEntity> {
  /**
   * @param noun the setting's name in messages, lower case: `connection`, `model setting`
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
    private readonly noun: string,
  ) {}

  /** The TypeORM repository of the table. */
  repository(): Repository<E> {
    return this.dataSource.getRepository(this.entity);
  }

  /** Every row, oldest first. */
  list(): Promise<E[]> {
    return this.repository().find({ order: { createdAt: 'ASC' } as FindOptionsOrder<E> });
  }

  /** The row of `id`. @throws ApiException 404 NOT_FOUND for an unknown id. */
  async row(id: string): Promise<E> {
    const row = await this.repository().findOneBy({ id } as FindOptionsWhere<E>);
    if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `${this.capitalNoun()} "${id}" not found.`);
    return row;
  }

  /** @throws ApiException 409 CONFLICT when a row already has this name. */
  async assertNameFree(name: string): Promise<void> {
    if (await this.repository().existsBy({ name } as FindOptionsWhere<E>))
      throw new ApiException(409, ErrorCode.CONFLICT, `A ${this.noun} named "${name}" already exists.`);
  }

  /** @throws ApiException 409 CONFLICT when `active` (the row is the active one): make another one active first. */
  assertDeletable(row: E, active: boolean): void {
    if (active)
      throw new ApiException(
        409,
        ErrorCode.CONFLICT,
        `${this.capitalNoun()} "${row.name}" is active; make another ${this.noun} active before deleting it.`,
      );
  }

  /**
   * Mark `row` the one active row of the table (the others inactive); sets `row.active`. (`as never`: TypeORM's partial
   * entity type of a generic E does not admit a literal of its base class's columns.)
   */
  async activate(row: E): Promise<void> {
    await this.repository()
      .createQueryBuilder()
      .update(this.entity)
      .set({ active: false } as never)
      .where('id <> :id', { id: row.id })
      .execute();
    await this.repository().update({ id: row.id } as FindOptionsWhere<E>, { active: true } as never);
    row.active = true;
  }

  /** Delete the row of `id`. */
  async delete(id: string): Promise<void> {
    await this.repository().delete({ id } as FindOptionsWhere<E>);
  }

  private capitalNoun(): string {
    return this.noun.charAt(0).toUpperCase() + this.noun.slice(1);
  }
}
