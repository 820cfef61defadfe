import type { LiveEvent } from '@nlq/contracts';
import { useEffect } from 'react';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/**
 * Shows every `benchmark.regression` live event (libs/contracts events.ts) as an error toast naming the benchmark and
 * the questions that were right in the previous run and are not now. Renders nothing itself.
 */
export function RegressionNotice() {
  const { live } = useApi();
  const toast = useToast();
  useEffect(
    () =>
      live.subscribe((ev: LiveEvent) => {
        if (ev.type !== 'benchmark.regression') return;
        const regressions = Array.isArray(ev.data.regressions) ? ev.data.regressions : [];
        const questions = regressions.map((r) => `“${String((r as { question?: unknown }).question)}”`);
        toast.push(
          'error',
          `Benchmark “${String(ev.data.benchmarkName)}” regressed`,
          `${questions.length} ${questions.length === 1 ? 'question' : 'questions'} no longer right: ${questions.join(', ')}. See Benchmarks.`,
        );
      }),
    [live, toast],
  );
  return null;
}
