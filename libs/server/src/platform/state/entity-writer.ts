import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { columnOfProperty, quotedTable } from './entity-sql';

/**
 * Most bound parameters in one statement: SQLite allows 32,766 (SQLITE_MAX_VARIABLE_NUMBER since 3.32), PostgreSQL
 * 65,535 (the Bind message counts them in 16 bits); a batch of more rows is written as several statements.
 */
const MAX_PARAMETERS = 32_000;

/**
 * Multi-row INSERT (and INSERT ... ON CONFLICT DO UPDATE) of one entity, for the state store's group commit, which
 * writes every request's history entry and trace. TypeORM's insert and upsert build their SQL anew on every call
 * through the query builder (one named parameter per value, then a regular-expression pass over the statement per
 * parameter): about 5 % of the api's CPU on a cache miss. Here the column list is built once from the entity's
 * metadata, placeholders come from the driver (`?` on SQLite, `$n` on PostgreSQL), and each value is converted by
 * the driver as TypeORM's insert would (preparePersistentValue: JSON columns serialized, booleans and dates
 * converted). Generated columns (the history's `seq`) are left to the database. Works on every state engine
 * TypeORM runs here (SQLite through better-sqlite3, PostgreSQL): `ON CONFLICT (...) DO UPDATE SET c = excluded.c`
 * is the syntax both take (SQLite manual "UPSERT", PostgreSQL manual "INSERT").
 */
export class EntityWriter<E extends ObjectLiteral> {
  private readonly columns: ColumnMetadata[];
  private readonly head: string;
  private readonly conflict: string;

  /**
   * @param conflictProperties properties of a unique key: rows whose key is already stored replace the stored
   *   row's other columns (upsert); absent: plain INSERT (a duplicate key fails the statement).
   * @throws Error when a conflict property is not a column of the entity.
   */
  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<E>,
    conflictProperties: ReadonlyArray<keyof E & string> = [],
  ) {
    const metadata: EntityMetadata = dataSource.getMetadata(entity);
    const driver = dataSource.driver;
    this.columns = metadata.columns.filter((c) => !c.isGenerated);
    this.head = `INSERT INTO ${quotedTable(dataSource, metadata)} (${this.columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
    const keys = conflictProperties.map((property) => columnOfProperty(metadata, property));
    const updated = this.columns.filter((c) => !keys.includes(c));
    this.conflict = keys.length
      ? ` ON CONFLICT (${keys.map((c) => driver.escape(c.databaseName)).join(', ')}) DO UPDATE SET ${updated.map((c) => `${driver.escape(c.databaseName)} = excluded.${driver.escape(c.databaseName)}`).join(', ')}`
      : '';
  }

  /**
   * Store `rows` (entity-shaped objects; a missing property is stored as NULL), in order, with `manager` (a
   * transaction's, so the rows commit with it) or the data source.
   * @throws the driver's error (QueryFailedError) when a statement fails; rows of earlier statements are then
   *   written unless the caller's transaction rolls back.
   */
  async insert(rows: ReadonlyArray<Partial<E>>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / this.columns.length));
    for (let start = 0; start < rows.length; start += perStatement) {
      const batch = rows.slice(start, start + perStatement);
      const values: unknown[] = [];
      const tuples = batch.map((row) => {
        const marks = this.columns.map((column) => {
          const value = this.dataSource.driver.preparePersistentValue(row[column.propertyName as keyof E], column);
          values.push(value === undefined ? null : value);
          return this.dataSource.driver.createParameter(column.propertyName, values.length - 1);
        });
        return `(${marks.join(', ')})`;
      });
      await manager.query(`${this.head}${tuples.join(', ')}${this.conflict}`, values);
    }
  }
}
