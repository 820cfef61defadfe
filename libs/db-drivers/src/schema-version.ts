import { createHash } from 'node:crypto';
import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';

/**
 * Content hash for `DatabaseSchema.version`: the first 16 hex digits of SHA-256 over a canonical JSON of every
 * table's schema, name, kind and comment, its columns (name, type, nullability, primary-key flag, comment, in
 * declared order), primary key and foreign keys. Tables are sorted by (schema, name) so catalog order does not
 * matter. Sample values and row counts are data, not schema, and are left out, so the version changes exactly
 * when the structure (or a comment, which the prompt shows) changes.
 */
export function schemaVersion(tables: readonly TableSchema[]): string {
  const canonical = [...tables]
    .sort((a, b) => cmp(a.schema ?? '', b.schema ?? '') || cmp(a.name, b.name))
    .map((t) => [
      t.schema ?? null,
      t.name,
      t.kind,
      t.comment ?? null,
      t.columns.map((c) => [c.name, c.type, c.nullable, c.primaryKey, c.comment ?? null]),
      t.primaryKey,
      [...t.foreignKeys]
        .map((fk) => [fk.columns, fk.referencedTable, fk.referencedColumns])
        .sort((a, b) => cmp(JSON.stringify(a), JSON.stringify(b))),
    ]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The DatabaseSchema of introspected `tables`: introspectedAt = now (ISO 8601), version = schemaVersion(tables). */
export function schemaSnapshot(dialect: Dialect, tables: TableSchema[]): DatabaseSchema {
  return { dialect, tables, introspectedAt: new Date().toISOString(), version: schemaVersion(tables) };
}
