/**
 * Packing ranked tables into the prompt's character budget: first the best tables in compact form, joined by the
 * shortest foreign-key paths (bridge tables included), then full columns for the best of them, then more tables.
 */
import { tableView, type TableView } from './compact-table';
import type { LinkingIndex } from './linking-index';
import type { RankedTables } from './table-ranking';

/** Share of the budget the first, compact pass may fill; the rest goes to full columns, then to more tables. */
export const COMPACT_SHARE = 0.6;
/** A table whose lexical score is at least this share of the best is a seed: it gets joined to the other seeds. */
export const SEED_SHARE = 0.3;
/** A table whose full view would take more than this share of the budget stays compact. */
export const MAX_FULL_SHARE = 0.2;
/** Longest foreign-key path (edges) used to join a seed to the seeds kept before it. */
export const MAX_BRIDGE_EDGES = 3;

/**
 * Chooses tables and their views within `budgetChars`.
 * 1. Walks the seeds (best first), then the tables of the matching areas (namespaces or clusters, best area first,
 *    see rankTables), then the rest of the ranking; each table that fits in COMPACT_SHARE of the budget is kept
 *    compact. Before a seed is kept,
 *    the tables on the shortest foreign-key path (breadth-first, at most MAX_BRIDGE_EDGES edges) to the nearest
 *    seed already kept in its cluster are kept too, so the model sees how to join its picks.
 * 2. Upgrades kept tables to full views, best first, while the whole budget allows (a full view larger than
 *    MAX_FULL_SHARE of the budget stays compact).
 * 3. Walks the ranking again and keeps compact tables that still fit.
 * At least one table is always kept (the best), even when it alone exceeds the budget.
 * @returns the kept views by table position
 */
export function packTables(
  index: LinkingIndex,
  ranked: RankedTables,
  terms: ReadonlyMap<string, number>,
  budgetChars: number,
): Map<number, TableView> {
  const kept = new Map<number, TableView>();
  const keptOrder: number[] = [];
  let used = 0;
  const views = new Map<number, TableView>();
  const compact = (p: number): TableView => {
    let v = views.get(p);
    if (!v) {
      v = tableView(index.tables[p], terms, 'compact');
      views.set(p, v);
    }
    return v;
  };
  const keep = (p: number, view: TableView) => {
    kept.set(p, view);
    keptOrder.push(p);
    used += view.chars;
  };
  const tryKeep = (p: number, limit: number): boolean => {
    if (kept.has(p)) return true;
    if (used + index.tables[p].minChars > limit) return false;
    const view = compact(p);
    if (used + view.chars > limit) return false;
    keep(p, view);
    return true;
  };

  // 1. compact pass: seeds with bridges between them, then the best areas whole, then the rest of the ranking
  const compactLimit = budgetChars * COMPACT_SHARE;
  const seeds = new Set<number>();
  const firstPass = [
    ...ranked.order.filter((p) => (ranked.lexical.get(p) ?? 0) >= SEED_SHARE),
    ...ranked.areas.flat(),
    ...ranked.order,
  ];
  for (const p of firstPass) {
    if (ranked.score[p] <= 0 && kept.size > 0) break;
    if (used + index.smallestChars > compactLimit) break;
    const isSeed = (ranked.lexical.get(p) ?? 0) >= SEED_SHARE;
    if (isSeed && seeds.size > 0 && !kept.has(p)) {
      const sameCluster = new Set([...seeds].filter((s) => index.graph.component[s] === index.graph.component[p]));
      const bridges = sameCluster.size ? index.graph.bridgesTo(p, sameCluster, MAX_BRIDGE_EDGES) : null;
      if (bridges) {
        const cost = bridges.reduce((s, b) => s + (kept.has(b) ? 0 : compact(b).chars), 0) + compact(p).chars;
        if (used + cost <= compactLimit) for (const b of bridges) tryKeep(b, compactLimit);
      }
    }
    if (tryKeep(p, compactLimit) && isSeed) seeds.add(p);
  }
  if (kept.size === 0 && ranked.order.length > 0) keep(ranked.order[0], compact(ranked.order[0]));

  // 2. full columns for the best kept tables
  const byRank = [...keptOrder].sort((a, b) => ranked.score[b] - ranked.score[a] || a - b);
  for (const p of byRank) {
    const current = kept.get(p)!;
    if (current.level === 'full') continue;
    const full = tableView(index.tables[p], terms, 'full');
    if (full.chars > budgetChars * MAX_FULL_SHARE || used - current.chars + full.chars > budgetChars) continue;
    used += full.chars - current.chars;
    kept.set(p, full);
  }

  // 3. more compact tables in what is left
  for (const p of ranked.order) {
    if (used + index.smallestChars > budgetChars) break;
    if (ranked.score[p] <= 0 && kept.size > 0 && ranked.lexical.size > 0) break;
    tryKeep(p, budgetChars);
  }
  return kept;
}
