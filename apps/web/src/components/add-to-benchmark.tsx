import type { Benchmark } from '@nlq/contracts';
import { useState } from 'react';
import { useApi } from './api-provider';
import { useToast } from './toasts';

export interface AddToBenchmarkProps {
  /** The benchmarks of the answer's or example's connection; nothing is shown when there are none. */
  benchmarks: readonly Benchmark[];
  /** What becomes the question: an answered question of a session, or a verified example. */
  source: { session_id: string; entry_id: string } | { example_id: string };
}

/**
 * One-click "Add to benchmark" (POST /api/benchmarks/{id}/questions, docs/http-api.md "Benchmarks"): the question and
 * its SQL join the benchmark; with several benchmarks a select names which (the first by default). The server's
 * refusal (a write, a failed answer) is shown as a toast.
 */
export function AddToBenchmark({ benchmarks, source }: AddToBenchmarkProps) {
  const { client } = useApi();
  const toast = useToast();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  if (benchmarks.length === 0) return null;
  const target = benchmarks.find((b) => b.id === chosen) ?? benchmarks[0];

  async function add() {
    setBusy(true);
    try {
      const done = await client.addBenchmarkQuestion(target.id, source);
      setAdded(done.name);
      toast.push('success', 'Added to benchmark', `“${done.name}” now has ${done.questions.length} questions.`);
    } catch (err) {
      toast.error(err, 'Cannot add to the benchmark');
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="add-to-benchmark" data-testid="add-to-benchmark">
      {benchmarks.length > 1 && (
        <select
          aria-label="Benchmark"
          value={target.id}
          onChange={(e) => setChosen(e.target.value)}
          data-testid="add-to-benchmark-select"
        >
          {benchmarks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className="secondary small"
        disabled={busy}
        onClick={() => void add()}
        title={`Add this question and its SQL to “${target.name}”`}
        data-testid="add-to-benchmark-button"
      >
        {busy ? 'Adding…' : 'Add to benchmark'}
      </button>
      {added && (
        <span className="muted small-text" role="status" data-testid="add-to-benchmark-done">
          Added to {added}
        </span>
      )}
    </span>
  );
}
