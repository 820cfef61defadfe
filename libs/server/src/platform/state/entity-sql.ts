import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * The entity's table as the driver quotes it. `tablePath` carries the state store's PostgreSQL schema (`?schema=`)
 * when it has one: `"schema"."table"`; otherwise `"table"` (SQLite, the default schema).
 */
export function quotedTable(dataSource: DataSource, metadata: EntityMetadata): string {
  return metadata.tablePath
    .split('.')
    .map((part) => dataSource.driver.escape(part))
    .join('.');
}

/**
 * The column of property `property` (e.g. `sessionId` -> the `session_id` column).
 * @throws Error `<Entity> has no property <property>` when the entity has no such property.
 */
export function columnOfProperty(metadata: EntityMetadata, property: string): ColumnMetadata {
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no property ${property}`);
  return column;
}
