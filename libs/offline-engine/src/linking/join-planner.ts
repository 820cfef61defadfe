import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { inferForeignKeys } from './inferred-keys';
import { tableKey } from './schema-lexicon';

/** One foreign-key edge: `child` holds `childColumns` referencing `parentColumns` of `parent`. */
export interface ForeignKeyEdge {
  child: string;
  childColumns: string[];
  parent: string;
  parentColumns: string[];
}

/** One join of a plan: `table` joins the already-joined table `via` on column pairs [viaColumn, tableColumn]. */
export interface JoinStep {
  table: string;
  via: string;
  on: Array<[string, string]>;
  /** True when `via` holds the foreign key (many-to-one: the join cannot multiply rows of `via`). */
  manyToOne: boolean;
}

/** A join tree rooted at the base table. */
export interface JoinPlan {
  base: string;
  joins: JoinStep[];
  /** True when some join goes from a parent to its children (one-to-many), so base rows may repeat. */
  fansOut: boolean;
}

/** Thrown when two tables are linked by more than one foreign key (which one is meant is a guess). */
export class AmbiguousJoinError extends Error {}
/** Thrown when no foreign-key path links two tables. */
export class NoJoinPathError extends Error {}

/**
 * Shortest paths along foreign keys (breadth-first search over the undirected foreign-key graph, self references
 * ignored): the declared keys whose columns exist, plus the keys inferred from column names (inferred-keys.ts). Tables linked by two or more foreign keys (e.g. origin and destination airport) are ambiguous.
 */
export class JoinPlanner {
  private readonly edges: ForeignKeyEdge[] = [];
  /** Primary-key columns (lower case) by table key: a child keyed by its foreign key has one row per parent. */
  private readonly keys = new Map<string, string[]>();

  constructor(schema: DatabaseSchema) {
    const byName = new Map<string, TableSchema[]>();
    const byQualified = new Map<string, TableSchema>();
    for (const t of schema.tables) {
      byName.set(t.name.toLowerCase(), [...(byName.get(t.name.toLowerCase()) ?? []), t]);
      if (t.schema) byQualified.set(tableKey(t).toLowerCase(), t);
    }
    const has = (table: TableSchema, columns: string[]) =>
      columns.every((c) => table.columns.some((col) => col.name === c));
    // A table is its schema and its name: `sales.orders` references resolve exactly; a bare reference prefers the
    // referencing table's own schema (the introspectors qualify targets outside the default schema).
    const resolve = (owner: TableSchema, referenced: string): TableSchema | undefined => {
      const exact = byQualified.get(referenced.toLowerCase());
      if (exact) return exact;
      const candidates = byName.get(referenced.toLowerCase()) ?? [];
      return candidates.find((c) => (c.schema ?? null) === (owner.schema ?? null)) ?? candidates[0];
    };
    for (const t of schema.tables)
      this.keys.set(
        tableKey(t),
        t.primaryKey.map((c) => c.toLowerCase()),
      );
    for (const t of schema.tables) {
      for (const fk of t.foreignKeys) {
        const parent = resolve(t, fk.referencedTable);
        if (!parent || parent === t) continue;
        // a declared key naming columns that do not exist would write SQL that fails
        if (!has(t, fk.columns) || !has(parent, fk.referencedColumns)) continue;
        this.edges.push({
          child: tableKey(t),
          childColumns: fk.columns,
          parent: tableKey(parent),
          parentColumns: fk.referencedColumns,
        });
      }
    }
    for (const k of inferForeignKeys(schema)) {
      this.edges.push({
        child: tableKey(k.child),
        childColumns: [k.childColumn],
        parent: tableKey(k.parent),
        parentColumns: [k.parentColumn],
      });
    }
  }

  private neighbours(table: string): Array<{ table: string; edge: ForeignKeyEdge }> {
    const out: Array<{ table: string; edge: ForeignKeyEdge }> = [];
    for (const e of this.edges) {
      if (e.child === table) out.push({ table: e.parent, edge: e });
      else if (e.parent === table) out.push({ table: e.child, edge: e });
    }
    return out;
  }

  /** True when the child of `edge` is keyed by exactly the edge's columns: at most one child row per parent row. */
  private oneToOne(edge: ForeignKeyEdge): boolean {
    const key = this.keys.get(edge.child) ?? [];
    return (
      key.length > 0 &&
      key.length === edge.childColumns.length &&
      edge.childColumns.every((c) => key.includes(c.toLowerCase()))
    );
  }

  /**
   * True when `a` and `b` hold the same rows one to one: a foreign key links them whose child is keyed by exactly
   * that key (a `location` table keyed by `restaurant_id`), so each row of one has at most one row of the other.
   */
  sameRows(a: string, b: string): boolean {
    return this.edges.some(
      (e) => ((e.child === a && e.parent === b) || (e.child === b && e.parent === a)) && this.oneToOne(e),
    );
  }

  /** Keys of the tables that take part in at least one foreign key (declared or inferred). */
  tables(): string[] {
    return [...new Set(this.edges.flatMap((e) => [e.child, e.parent]))];
  }

  /** Number of foreign keys (from other tables) that reference `table`: how central an entity it is. */
  incoming(table: string): number {
    return this.edges.filter((e) => e.parent === table).length;
  }

  /** Number of joins between two tables along foreign keys, or Infinity when unconnected. */
  distance(a: string, b: string): number {
    if (a === b) return 0;
    const seen = new Map<string, number>([[a, 0]]);
    const queue = [a];
    while (queue.length) {
      const t = queue.shift() as string;
      for (const n of this.neighbours(t)) {
        if (seen.has(n.table)) continue;
        seen.set(n.table, (seen.get(t) as number) + 1);
        if (n.table === b) return seen.get(b) as number;
        queue.push(n.table);
      }
    }
    return Infinity;
  }

  /**
   * Join tree from `base` reaching every table of `targets`: each target is attached by its shortest path from the
   * tables joined so far (nearest target first). Throws NoJoinPathError or AmbiguousJoinError.
   */
  plan(base: string, targets: Iterable<string>): JoinPlan {
    const joined = new Set<string>([base]);
    const joins: JoinStep[] = [];
    const pending = new Set([...targets].filter((t) => t !== base));
    while (pending.size) {
      // multi-source BFS from the joined tree
      const prev = new Map<string, { from: string; edge: ForeignKeyEdge }>();
      const seen = new Set(joined);
      const queue = [...joined];
      let hit: string | null = null;
      while (queue.length && !hit) {
        const t = queue.shift() as string;
        for (const n of this.neighbours(t)) {
          if (seen.has(n.table)) continue;
          seen.add(n.table);
          prev.set(n.table, { from: t, edge: n.edge });
          if (pending.has(n.table)) {
            hit = n.table;
            break;
          }
          queue.push(n.table);
        }
      }
      if (!hit) throw new NoJoinPathError(`no foreign-key path links ${base} with ${[...pending].join(', ')}`);
      const path: string[] = [];
      for (let t: string = hit; !joined.has(t); t = (prev.get(t) as { from: string }).from) path.unshift(t);
      for (const table of path) {
        const { from, edge } = prev.get(table) as { from: string; edge: ForeignKeyEdge };
        const parallel = this.edges.filter(
          (e) => (e.child === from && e.parent === table) || (e.child === table && e.parent === from),
        );
        if (parallel.length > 1)
          throw new AmbiguousJoinError(`${from} and ${table} are linked by ${parallel.length} foreign keys`);
        // parent to child fans out, unless the child's key is the foreign key itself (one row per parent)
        const manyToOne = edge.child === from || this.oneToOne(edge);
        const on: Array<[string, string]> =
          edge.child === from
            ? edge.childColumns.map((c, i) => [c, edge.parentColumns[i]])
            : edge.parentColumns.map((c, i) => [c, edge.childColumns[i]]);
        joins.push({ table, via: from, on, manyToOne });
        joined.add(table);
        pending.delete(table);
      }
    }
    return { base, joins, fansOut: joins.some((j) => !j.manyToOne) };
  }
}
