import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { columnOfProperty, quotedTable } from './entity-sql';

/**
 * Reads one entity's rows with a hand-written condition, for the state queries every request runs (the
 * conversation window, the session-owner check). TypeORM's `find` builds its SQL text anew on every call (find
 * options -> query builder -> aliases -> property-name replacement), which measured about 5 % of the api's CPU on a
 * cache miss; here the SELECT list is built once from the entity's metadata, the driver turns `:name` parameters into
 * its own placeholders (escapeQueryWithParameters), and each value is hydrated by the driver as `find` would
 * (prepareHydratedValue: JSON columns parsed, numbers and booleans converted).
 * Works on every state engine TypeORM runs here (SQLite through better-sqlite3, PostgreSQL).
 */
export class EntityReader<E extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;
  private readonly selectFrom: string;
  /** The columns read (every column but those left out). */
  private readonly read: EntityMetadata['columns'];

  /** `omit`: properties left out of the SELECT list (large columns a read does not need); they hydrate as undefined. */
  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<E>,
    omit: readonly (keyof E & string)[] = [],
  ) {
    this.metadata = dataSource.getMetadata(entity);
    const driver = dataSource.driver;
    this.read = this.metadata.columns.filter((c) => !omit.includes(c.propertyName as keyof E & string));
    const list = this.read.map((c) => driver.escape(c.databaseName)).join(', ');
    this.selectFrom = `SELECT ${list} FROM ${quotedTable(dataSource, this.metadata)}`;
  }

  /** The quoted column of property `property` (e.g. `sessionId` -> `"session_id"`), for conditions and ordering. */
  column(property: keyof E & string): string {
    return this.dataSource.driver.escape(columnOfProperty(this.metadata, property).databaseName);
  }

  /**
   * Rows matching `where` (SQL with `:name` parameters taken from `parameters`; empty: every row), then `tail` as it
   * is (ORDER BY, LIMIT with a literal integer), as entities.
   * @throws the driver's error (QueryFailedError) when the statement fails.
   */
  async many(where: string, parameters: Record<string, unknown>, tail = ''): Promise<E[]> {
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
      `${this.selectFrom}${where ? ` WHERE ${where}` : ''}${tail ? ` ${tail}` : ''}`,
      parameters,
    );
    const rows = (await this.dataSource.query(sql, values)) as Record<string, unknown>[];
    return rows.map((row) => this.hydrate(row));
  }

  private hydrate(row: Record<string, unknown>): E {
    const driver = this.dataSource.driver;
    return Object.fromEntries(
      this.read.map((column) => [column.propertyName, driver.prepareHydratedValue(row[column.databaseName], column)]),
    ) as E;
  }
}
