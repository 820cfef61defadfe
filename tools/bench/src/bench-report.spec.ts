import { formatBenchTable, median, summarizeRounds, type ScenarioResult } from './bench-report';

const scenario = (
  target: string,
  cache: ScenarioResult['cache'],
  rps: number,
  p50: number,
  ratio?: number,
): ScenarioResult => ({
  target,
  cache,
  requests: Math.round(rps * 5),
  requestsPerSecond: rps,
  latencyMs: { p50, p90: p50 * 2, p99: p50 * 4, max: p50 * 5, mean: p50 },
  failed: 0,
  durationSeconds: 5,
  ...(ratio === undefined ? {} : { ratio }),
});

describe('formatBenchTable', () => {
  it('prints a header, a rule and one aligned line per scenario, with the ratio to the floor', () => {
    const lines = formatBenchTable([
      scenario('nlq offline', 'miss', 92.64, 41, 0.1948),
      scenario('floor', 'n/a', 475.5, 3.5, 1),
    ]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^target\s+cache\s+req\/s\s+x floor\s+p50 ms\s+p90 ms\s+p99 ms\s+max ms\s+requests\s+failed$/,
    );
    expect(lines[2]).toMatch(/^nlq offline\s+miss\s+92\.6\s+0\.19\s+41\s+82\s+164\s+205\s+463\s+0$/);
    expect(lines[3]).toMatch(/^floor\s+n\/a\s+475\.5\s+1\.00\s+3\.50\s+7\.00\s+14\s+18\s+2378\s+0$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(formatBenchTable([scenario('nlq offline', 'hit', 10, 1)]).split('\n')[2]).toMatch(
      /^nlq offline\s+hit\s+10\.0\s+-\s/,
    );
  });
});

describe('summarizeRounds', () => {
  it('gives per-scenario medians, summed counts and the median of per-round ratios to that round`s floor', () => {
    const rounds = [
      [scenario('floor', 'n/a', 100, 5), scenario('nlq', 'miss', 40, 20)],
      [scenario('floor', 'n/a', 50, 9), scenario('nlq', 'miss', 30, 30)],
      [scenario('floor', 'n/a', 200, 4), scenario('nlq', 'miss', 20, 10)],
    ];
    const [floor, nlq] = summarizeRounds(rounds);
    expect(floor).toMatchObject({ target: 'floor', requestsPerSecond: 100, ratio: 1, rounds: 3, requests: 1750 });
    expect(nlq.requestsPerSecond).toBe(30);
    expect(nlq.latencyMs.p50).toBe(20);
    expect(nlq.latencyMs.p99).toBe(80);
    expect(nlq.ratio).toBeCloseTo(0.4); // rounds: 0.4, 0.6, 0.1
  });

  it('leaves the ratio out when no round measured a floor', () => {
    expect(summarizeRounds([[scenario('nlq', 'hit', 10, 1)]])[0].ratio).toBeUndefined();
  });

  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
