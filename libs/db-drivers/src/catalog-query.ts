/** One catalog row as an object keyed by the column names the catalog query selects. */
export type CatalogRow = Record<string, unknown>;

/**
 * Runs one catalog query (with positional parameters where the engine's client supports them) and resolves
 * with its rows as objects. Introspectors take one of these, so their SQL-to-schema mapping is testable with
 * sample catalog rows and no server.
 */
export type CatalogQuery = (sql: string, params?: unknown[]) => Promise<CatalogRow[]>;

/** Zips column names with row arrays into objects (later duplicate names win). */
export function rowsToObjects(columns: readonly string[], rows: readonly unknown[][]): CatalogRow[] {
  return rows.map((row) => {
    const o: CatalogRow = {};
    columns.forEach((c, i) => (o[c] = row[i]));
    return o;
  });
}

/** Catalog value -> string or null (numbers and bigints become decimal text). */
export function str(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : String(v);
}

/** Catalog value -> finite number or null. */
export function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'bigint' ? Number(v) : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Catalog truthiness: true, 1, '1', 'YES', 'Y', 't', 'true' (any case). */
export function truthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) !== 0;
  return typeof v === 'string' && /^(1|y|yes|t|true)$/i.test(v.trim());
}

/** Empty or whitespace-only comment -> null. */
export function comment(v: unknown): string | null {
  const s = str(v);
  return s && s.trim() ? s : null;
}
