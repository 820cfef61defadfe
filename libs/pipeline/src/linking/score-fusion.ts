/**
 * Fusion of lexical (BM25) and semantic (embedding) table scores into one evidence score a table, which
 * rankTables then normalises and spreads over neighbours, namespaces and clusters.
 */

/** Weight of the normalised semantic score beside the normalised BM25 score (which weighs 1). */
export const SEMANTIC_WEIGHT = 0.5;

/**
 * `bm25 / best bm25 + SEMANTIC_WEIGHT * semantic'`, where semantic' rescales each table's cosine against the
 * catalog: (cos - mean) / (max - mean), kept only when positive, so only tables closer to the question than the
 * typical table gain (a linear combination of normalised scores, as in hybrid lexical/dense retrieval; e.g. Ma et
 * al., "A Replication Study of Dense Passage Retriever", 2021). Without semantic scores, `bm25` is returned as is.
 * @returns table position -> fused score (> 0), only for tables with some evidence
 */
export function fuseScores(
  bm25: ReadonlyMap<number, number>,
  semantic: ReadonlyMap<number, number> | undefined,
): Map<number, number> {
  if (!semantic || semantic.size === 0) return new Map(bm25);
  let best = 0;
  for (const s of bm25.values()) best = Math.max(best, s);
  let max = -Infinity;
  let sum = 0;
  for (const c of semantic.values()) {
    max = Math.max(max, c);
    sum += c;
  }
  const mean = sum / semantic.size;
  const out = new Map<number, number>();
  for (const [p, s] of bm25) out.set(p, best > 0 ? s / best : 0);
  if (max > mean) {
    for (const [p, c] of semantic) {
      const rescaled = (c - mean) / (max - mean);
      if (rescaled > 0) out.set(p, (out.get(p) ?? 0) + SEMANTIC_WEIGHT * rescaled);
    }
  }
  for (const [p, s] of out) if (s <= 0) out.delete(p);
  return out;
}
