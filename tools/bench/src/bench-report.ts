import type { LoadRunResult } from './load-run';

/** One measured scenario of the benchmark. */
export interface ScenarioResult extends LoadRunResult {
  /** e.g. `nlq offline`, `nlq scripted model`, `floor` */
  target: string;
  /** `miss`, `hit`, or `n/a` for the floor (it has no cache). */
  cache: 'miss' | 'hit' | 'n/a';
}

const COLUMNS = ['target', 'cache', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'requests', 'failed'] as const;

/**
 * A plain fixed-width text table, one scenario a line: requests per second with one decimal, latencies in
 * milliseconds (two decimals below 10 ms, else whole ms), then counts.
 */
export function formatBenchTable(scenarios: readonly ScenarioResult[]): string {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : Math.round(v).toString());
  const rows = scenarios.map((s) => [
    s.target,
    s.cache,
    s.requestsPerSecond.toFixed(1),
    ms(s.latencyMs.p50),
    ms(s.latencyMs.p90),
    ms(s.latencyMs.p99),
    ms(s.latencyMs.max),
    String(s.requests),
    String(s.failed),
  ]);
  const table = [[...COLUMNS], ...rows];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(table[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
