import type { DatabaseSchema } from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';

interface Entry {
  schema: DatabaseSchema;
  /** Epoch milliseconds of the load. */
  loadedAt: number;
}

/**
 * Pipeline step 3 (docs/architecture.md; docs/http-api.md "Contract: query adapter" rule 3): a per-connection cache of `driver.introspect()`. Concurrent first loads of
 * one connection share one introspection; `refresh` always reloads; `ageSeconds` reports the age that
 * /health shows as schema_age_seconds. In process, per api replica.
 */
export class SchemaCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<DatabaseSchema>>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The cached schema of the connection, introspecting it (after `driver.connect()`) when not loaded yet. */
  async get(connectionId: string, driver: DatabaseDriver): Promise<{ schema: DatabaseSchema; fromCache: boolean }> {
    const entry = this.entries.get(connectionId);
    if (entry) return { schema: entry.schema, fromCache: true };
    return { schema: await this.load(connectionId, driver), fromCache: false };
  }

  /** Reload the connection's schema now (POST /refresh); rejects with the driver's DatabaseError. */
  refresh(connectionId: string, driver: DatabaseDriver): Promise<DatabaseSchema> {
    this.loading.delete(connectionId);
    return this.load(connectionId, driver);
  }

  private load(connectionId: string, driver: DatabaseDriver): Promise<DatabaseSchema> {
    const inFlight = this.loading.get(connectionId);
    if (inFlight) return inFlight;
    const promise = (async () => {
      await driver.connect();
      const schema = await driver.introspect();
      this.entries.set(connectionId, { schema, loadedAt: this.clock() });
      return schema;
    })().finally(() => {
      if (this.loading.get(connectionId) === promise) this.loading.delete(connectionId);
    });
    this.loading.set(connectionId, promise);
    return promise;
  }

  /** Whole seconds since the connection's schema was loaded; 0 when it never was. */
  ageSeconds(connectionId: string): number {
    const entry = this.entries.get(connectionId);
    return entry ? Math.max(0, Math.floor((this.clock() - entry.loadedAt) / 1000)) : 0;
  }

  /** The cached schema without loading, or undefined. */
  peek(connectionId: string): DatabaseSchema | undefined {
    return this.entries.get(connectionId)?.schema;
  }
}
