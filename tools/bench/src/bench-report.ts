import type { LoadRunResult } from './load-run';

/** One measured scenario of the benchmark (one run, or the medians of several rounds). */
export interface ScenarioResult extends LoadRunResult {
  /** e.g. `nlq offline`, `nlq scripted model`, `floor` */
  target: string;
  /** `miss`, `hit`, or `n/a` for the floor (it has no cache). */
  cache: 'miss' | 'hit' | 'n/a';
  /**
   * Requests per second divided by the floor's, measured in the same round (for a summary: the median over the
   * rounds of that per-round ratio). Absent when no floor was measured.
   */
  ratio?: number;
  /** Rounds summarized (1 for a single run). */
  rounds?: number;
}

const COLUMNS = [
  'target',
  'cache',
  'req/s',
  'x floor',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'requests',
  'failed',
] as const;

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (!values.length) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Folds rounds of measurements into one line per scenario (target + cache, in first-seen order): requests per
 * second, latencies and ratio are the medians over the rounds, requests and failures the sums. Each round's
 * ratio is its scenario's requests per second over the floor's of the same round (the `floor` target's line of
 * that round; no ratio when a round has none). A round is one array of results.
 */
export function summarizeRounds(
  rounds: readonly (readonly ScenarioResult[])[],
  floorTarget = 'floor',
): ScenarioResult[] {
  const groups = new Map<string, { first: ScenarioResult; runs: ScenarioResult[]; ratios: number[] }>();
  for (const round of rounds) {
    const floor = round.find((s) => s.target === floorTarget);
    for (const s of round) {
      const key = `${s.target}\u0000${s.cache}`;
      const group = groups.get(key) ?? { first: s, runs: [], ratios: [] };
      group.runs.push(s);
      if (floor && floor.requestsPerSecond > 0) group.ratios.push(s.requestsPerSecond / floor.requestsPerSecond);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map(({ first, runs, ratios }) => {
    const m = (pick: (s: ScenarioResult) => number) => median(runs.map(pick));
    return {
      target: first.target,
      cache: first.cache,
      requests: runs.reduce((n, s) => n + s.requests, 0),
      requestsPerSecond: m((s) => s.requestsPerSecond),
      latencyMs: {
        p50: m((s) => s.latencyMs.p50),
        p90: m((s) => s.latencyMs.p90),
        p99: m((s) => s.latencyMs.p99),
        max: m((s) => s.latencyMs.max),
        mean: m((s) => s.latencyMs.mean),
      },
      failed: runs.reduce((n, s) => n + s.failed, 0),
      durationSeconds: runs.reduce((n, s) => n + s.durationSeconds, 0),
      ...(ratios.length ? { ratio: median(ratios) } : {}),
      rounds: runs.length,
    };
  });
}

/**
 * A plain fixed-width text table, one scenario a line: requests per second with one decimal, the ratio to the
 * floor with two (`x floor`, `-` when unknown), latencies in milliseconds (two decimals below 10 ms, else whole
 * ms), then counts.
 */
export function formatBenchTable(scenarios: readonly ScenarioResult[]): string {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : Math.round(v).toString());
  const rows = scenarios.map((s) => [
    s.target,
    s.cache,
    s.requestsPerSecond.toFixed(1),
    s.ratio === undefined ? '-' : s.ratio.toFixed(2),
    ms(s.latencyMs.p50),
    ms(s.latencyMs.p90),
    ms(s.latencyMs.p99),
    ms(s.latencyMs.max),
    String(s.requests),
    String(s.failed),
  ]);
  const table = [[...COLUMNS], ...rows];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(table[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
