import type { ScenarioResult } from './bench-report';
import { NO_POLICY, WITH_POLICY, policyRatios } from './policy-bench';

const run = (target: string, rps: number): ScenarioResult => ({
  target,
  cache: 'miss',
  requests: rps * 5,
  requestsPerSecond: rps,
  latencyMs: { p50: 1, p90: 1, p99: 1, max: 1, mean: 1 },
  failed: 0,
  durationSeconds: 5,
});

describe('policyRatios', () => {
  it("gives per api the median over the rounds of the policy run's req/s over the same round's run without", () => {
    const round = (without: number, withPolicy: number, model: number) => [
      run('floor (sqlite)', 900),
      run(`nlq offline, ${NO_POLICY} (sqlite)`, without),
      run(`nlq offline, ${WITH_POLICY} (sqlite)`, withPolicy),
      run(`nlq scripted model, ${NO_POLICY} (sqlite)`, 100),
      run(`nlq scripted model, ${WITH_POLICY} (sqlite)`, model),
    ];
    const ratios = policyRatios([round(100, 90, 50), round(200, 190, 100), round(100, 50, 80)]);
    expect([...ratios.keys()]).toEqual(['nlq offline (sqlite)', 'nlq scripted model (sqlite)']);
    expect(ratios.get('nlq offline (sqlite)')).toBeCloseTo(0.9);
    expect(ratios.get('nlq scripted model (sqlite)')).toBeCloseTo(0.8);
  });

  it('has nothing without policy runs', () => {
    expect(policyRatios([[run('floor (sqlite)', 900), run('nlq offline (sqlite)', 100)]]).size).toBe(0);
  });
});
