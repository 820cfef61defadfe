/**
 * Ranking of tables for a question: lexical evidence of each table (BM25 over its document), of its foreign-key
 * neighbours, of its namespace and of its foreign-key cluster, so that a question about one area pulls that area in.
 */
import type { LinkingIndex } from './linking-index';

/** Weights of the evidence besides a table's own normalised BM25 score (which weighs 1). */
export const RANKING_WEIGHTS = {
  /** Best neighbour's score: a table joined to a matching table is likely needed to join it. */
  neighbour: 0.3,
  /** The namespace's score relative to the best namespace's. */
  namespace: 0.45,
  /** The foreign-key cluster's score relative to the best cluster's. */
  cluster: 0.2,
} as const;

/** An area whose score is at least this share of the best area's is listed in `areas` (pulled in whole). */
const STRONG_AREA_SHARE = 0.5;

/** How many of an area's best tables make up its score (an area is as strong as its few best matches). */
const AREA_TOP = 3;

/** Tables ordered for a question. */
export interface RankedTables {
  /** Every table position, best first (ties in catalog order). */
  order: number[];
  /** Own BM25 score of each matching table, normalised to the best match (0..1]. */
  lexical: Map<number, number>;
  /** Final score of each table (0 for tables with no evidence at all). */
  score: Float64Array;
  /**
   * Strong areas (score at least half the best area's), best first, each with its tables best first: namespaces
   * when the catalog has several, else foreign-key clusters.
   */
  areas: number[][];
}

/**
 * Ranks every table: final = lexical + 0.3 * best neighbour + 0.45 * namespace + 0.2 * cluster, where lexical is
 * the table's BM25 score over the best one, and a namespace's or cluster's score is the sum of its three best
 * lexical scores over the best namespace's or cluster's (an area is ranked as a whole; the sum rewards areas where
 * several tables match). With a single namespace the namespace term is left out. No match at all: catalog order.
 * `areas` lists the strong areas (namespaces, or clusters in a single-namespace catalog) best first.
 */
export function rankTables(index: LinkingIndex, bm25: ReadonlyMap<number, number>): RankedTables {
  const n = index.tables.length;
  const lexical = new Map<number, number>();
  let best = 0;
  for (const s of bm25.values()) best = Math.max(best, s);
  if (best > 0) for (const [p, s] of bm25) lexical.set(p, s / best);

  const score = new Float64Array(n);
  let namespaceScore: Map<number, number> | null = null;
  let clusterScore = new Map<number, number>();
  if (lexical.size > 0) {
    namespaceScore = index.areaCount > 1 ? areaScores(lexical, (p) => index.tables[p].area) : null;
    clusterScore = areaScores(lexical, (p) => index.graph.component[p]);
    for (let p = 0; p < n; p++) {
      let neighbour = 0;
      for (const m of index.graph.neighbours[p]) neighbour = Math.max(neighbour, lexical.get(m) ?? 0);
      score[p] =
        (lexical.get(p) ?? 0) +
        RANKING_WEIGHTS.neighbour * neighbour +
        RANKING_WEIGHTS.namespace * (namespaceScore?.get(index.tables[p].area) ?? 0) +
        RANKING_WEIGHTS.cluster * (clusterScore.get(index.graph.component[p]) ?? 0);
    }
  }
  const order = Array.from({ length: n }, (_, p) => p).sort((a, b) => score[b] - score[a] || a - b);
  const areaOf = namespaceScore ? (p: number) => index.tables[p].area : (p: number) => index.graph.component[p];
  const areaScore = namespaceScore ?? clusterScore;
  const members = new Map<number, number[]>();
  for (const p of order) {
    const a = areaOf(p);
    if (!areaScore.has(a)) continue;
    const list = members.get(a);
    if (list) list.push(p);
    else members.set(a, [p]);
  }
  const areas = [...members.keys()]
    .filter((a) => areaScore.get(a)! >= STRONG_AREA_SHARE)
    .sort((a, b) => areaScore.get(b)! - areaScore.get(a)! || a - b)
    .map((a) => members.get(a)!);
  return { order, lexical, score, areas };
}

/** Per area (namespace or cluster): the sum of its AREA_TOP best lexical scores, over the best area's sum. */
function areaScores(lexical: ReadonlyMap<number, number>, areaOf: (position: number) => number): Map<number, number> {
  const tops = new Map<number, number[]>();
  for (const [p, s] of lexical) {
    const a = areaOf(p);
    const list = tops.get(a) ?? [];
    list.push(s);
    tops.set(a, list);
  }
  const sums = new Map<number, number>();
  let best = 0;
  for (const [a, list] of tops) {
    const sum = list
      .sort((x, y) => y - x)
      .slice(0, AREA_TOP)
      .reduce((s, x) => s + x, 0);
    sums.set(a, sum);
    best = Math.max(best, sum);
  }
  if (best > 0) for (const [a, s] of sums) sums.set(a, s / best);
  return sums;
}
