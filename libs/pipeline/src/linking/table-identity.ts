/**
 * Table identity for schema linking: a table is its schema (namespace) and its name (docs/architecture.md step 4), so
 * `sales.orders` and `archive.orders` are two tables, and foreign keys resolve to one of them.
 */
import type { TableSchema } from '@nlq/contracts';

/** Map key of a table: lower-case schema ('' for the default schema), NUL, lower-case name. */
export function tableKey(schema: string | null | undefined, name: string): string {
  return `${(schema ?? '').toLowerCase()}\u0000${name.toLowerCase()}`;
}

/** `schema.name`, or the bare name for a table of the default schema. */
export function qualifiedTableName(table: Pick<TableSchema, 'schema' | 'name'>): string {
  return table.schema ? `${table.schema}.${table.name}` : table.name;
}

/** Tables of a catalog by schema and name, and foreign-key targets resolved to table positions. */
export class TableLookup {
  private readonly byKey = new Map<string, number>();
  private readonly byName = new Map<string, number[]>();

  constructor(private readonly tables: readonly TableSchema[]) {
    tables.forEach((t, i) => {
      const key = tableKey(t.schema, t.name);
      if (!this.byKey.has(key)) this.byKey.set(key, i);
      const name = t.name.toLowerCase();
      this.byName.set(name, [...(this.byName.get(name) ?? []), i]);
    });
  }

  /** Position of the table `schema.name` (null or '' schema: the default schema), or -1. */
  find(schema: string | null | undefined, name: string): number {
    return this.byKey.get(tableKey(schema, name)) ?? -1;
  }

  /**
   * Position of the table a foreign key of `tables[owner]` references, or -1 when the catalog lacks it. The
   * introspectors write `schema.table` for a target outside the default schema and a bare name inside it
   * (catalog-assembly.ts); a bare name that matches no default-schema table is looked up in the owner's schema
   * (catalogs merged per namespace, SQLite's bare references), then taken when exactly one schema has that name.
   */
  resolveReference(owner: number, referencedTable: string): number {
    const dot = referencedTable.lastIndexOf('.');
    if (dot > 0) {
      const qualified = this.find(referencedTable.slice(0, dot), referencedTable.slice(dot + 1));
      if (qualified >= 0) return qualified;
    }
    const bare = this.find(null, referencedTable);
    if (bare >= 0) return bare;
    const sameSchema = this.find(this.tables[owner]?.schema, referencedTable);
    if (sameSchema >= 0) return sameSchema;
    const named = this.byName.get(referencedTable.toLowerCase()) ?? [];
    return named.length === 1 ? named[0] : -1;
  }
}
