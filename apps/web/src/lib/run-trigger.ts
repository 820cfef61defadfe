import type { BenchmarkRun } from '@nlq/contracts';

/**
 * What started a benchmark run, for the runs table: "Run now", "After a change", "Schedule", and "Schedule (late)"
 * for a scheduled run started well after its due time because no replica was up then (docs/http-api.md
 * "Benchmarks", "Runs on a schedule").
 */
export function runStartedBy(run: Pick<BenchmarkRun, 'trigger' | 'late'>): string {
  if (run.trigger === 'change') return 'After a change';
  if (run.trigger === 'schedule') return run.late ? 'Schedule (late)' : 'Schedule';
  return 'Run now';
}
