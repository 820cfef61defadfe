/**
 * One entry of a dialect's refused-catalog list (kept as data beside each dialect, e.g.
 * postgres/postgres.refused-catalogs.ts): a catalog table or view, or a function, that nlq refuses to read or call
 * because it holds credentials or other sessions' activity, or administers the server.
 */
export interface RefusedCatalogEntry {
  /** Lower-case table, view or function name. */
  name: string;
  /**
   * Lower-case schema the name must be qualified with or resolve to; null: matched under any schema and
   * unqualified (names reserved to the system, such as PostgreSQL's pg_*).
   */
  schema: string | null;
  /** Why it is refused, completing "it ...". */
  reason: string;
  /** The manual section that justifies the entry. */
  source: string;
}

/** A dialect's refused catalogs (tables and views) and functions. */
export interface RefusedCatalogList {
  tables: readonly RefusedCatalogEntry[];
  functions: readonly RefusedCatalogEntry[];
}
