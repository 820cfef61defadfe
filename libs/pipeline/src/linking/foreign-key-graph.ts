/**
 * The foreign-key graph of a catalog for schema linking: tables are nodes (positions in the catalog), each
 * foreign key an undirected edge, so that kept tables can be joined through the shortest paths between them.
 */
import type { TableSchema } from '@nlq/contracts';
import type { TableLookup } from './table-identity';

/** Undirected foreign-key graph over table positions, with breadth-first shortest paths. */
export class ForeignKeyGraph {
  /** Neighbours of each table (referenced and referencing tables), without duplicates or self-loops. */
  readonly neighbours: number[][];
  /** Connected component of each table (tables without keys are components of their own). */
  readonly component: number[];

  constructor(tables: readonly TableSchema[], lookup: TableLookup) {
    const sets = tables.map(() => new Set<number>());
    tables.forEach((t, i) => {
      for (const fk of t.foreignKeys) {
        const j = lookup.resolveReference(i, fk.referencedTable);
        if (j < 0 || j === i) continue;
        sets[i].add(j);
        sets[j].add(i);
      }
    });
    this.neighbours = sets.map((s) => [...s].sort((a, b) => a - b));
    this.component = new Array<number>(tables.length).fill(-1);
    let next = 0;
    for (let start = 0; start < tables.length; start++) {
      if (this.component[start] >= 0) continue;
      const stack = [start];
      this.component[start] = next;
      while (stack.length) {
        const n = stack.pop()!;
        for (const m of this.neighbours[n]) {
          if (this.component[m] < 0) {
            this.component[m] = next;
            stack.push(m);
          }
        }
      }
      next++;
    }
  }

  /**
   * The shortest path (breadth-first search, unweighted edges) from `from` to the nearest table of `targets`, as
   * the tables strictly between them (the bridges), nearest to `from` first; [] when adjacent, null when no target
   * is within `maxEdges` edges or none is connected. Ties break towards lower table positions (deterministic).
   */
  bridgesTo(from: number, targets: ReadonlySet<number>, maxEdges: number): number[] | null {
    if (targets.size === 0 || targets.has(from)) return targets.has(from) ? [] : null;
    const previous = new Map<number, number>([[from, -1]]);
    let frontier = [from];
    for (let depth = 0; depth < maxEdges && frontier.length; depth++) {
      const nextFrontier: number[] = [];
      for (const n of frontier) {
        for (const m of this.neighbours[n]) {
          if (previous.has(m)) continue;
          previous.set(m, n);
          if (targets.has(m)) {
            const path: number[] = [];
            for (let p = n; p !== from; p = previous.get(p)!) path.push(p);
            return path.reverse();
          }
          nextFrontier.push(m);
        }
      }
      frontier = nextFrontier;
    }
    return null;
  }
}
