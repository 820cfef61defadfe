/** Tuning shared by every driver; all optional, defaults below. */
export interface DriverOptions {
  /** Collect low-cardinality sample values for text columns during introspect (default true). */
  sampleValues?: boolean;
  /** Statement timeout for each catalog or sample query of introspect, milliseconds (default 10 000). */
  introspectionTimeoutMs?: number;
  /** At most this many columns are sampled in one introspect (default 400), bounding its cost on wide schemas. */
  maxSampleColumns?: number;
  /**
   * Connections in the pool (PostgreSQL, MySQL, SQL Server; default 5) or read processes (SQLite; default one per core, at least 2).
   */
  poolSize?: number;
  /** Extra client-side grace over the statement timeout before the driver gives up on the server, ms (default 2 000). */
  clientTimeoutGraceMs?: number;
}

/** Options with every default filled in. */
export type ResolvedDriverOptions = Required<DriverOptions>;

/** Fills in the documented defaults of {@link DriverOptions}. */
export function resolveDriverOptions(options: DriverOptions = {}): ResolvedDriverOptions {
  return {
    sampleValues: options.sampleValues ?? true,
    introspectionTimeoutMs: options.introspectionTimeoutMs ?? 10_000,
    maxSampleColumns: options.maxSampleColumns ?? 400,
    poolSize: options.poolSize ?? 5,
    clientTimeoutGraceMs: options.clientTimeoutGraceMs ?? 2_000,
  };
}
