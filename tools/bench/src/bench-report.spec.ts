import { formatBenchTable, type ScenarioResult } from './bench-report';

const scenario = (target: string, cache: ScenarioResult['cache'], rps: number, p50: number): ScenarioResult => ({
  target,
  cache,
  requests: Math.round(rps * 5),
  requestsPerSecond: rps,
  latencyMs: { p50, p90: p50 * 2, p99: p50 * 4, max: p50 * 5, mean: p50 },
  failed: 0,
  durationSeconds: 5,
});

describe('formatBenchTable', () => {
  it('prints a header, a rule and one aligned line per scenario', () => {
    const lines = formatBenchTable([scenario('nlq offline', 'miss', 92.64, 41), scenario('floor', 'n/a', 475.5, 3.5)]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^target\s+cache\s+req\/s\s+p50 ms\s+p90 ms\s+p99 ms\s+max ms\s+requests\s+failed$/);
    expect(lines[2]).toMatch(/^nlq offline\s+miss\s+92\.6\s+41\s+82\s+164\s+205\s+463\s+0$/);
    expect(lines[3]).toMatch(/^floor\s+n\/a\s+475\.5\s+3\.50\s+7\.00\s+14\s+18\s+2378\s+0$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
