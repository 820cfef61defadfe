import type { BenchmarkFingerprint, BenchmarkRegression, BenchmarkResult, FingerprintChange } from '@nlq/contracts';

/** right / total, 0 to 1; an empty benchmark scores 1 (nothing is wrong). */
export function accuracyOf(results: readonly BenchmarkResult[]): number {
  if (results.length === 0) return 1;
  return results.filter((r) => r.status === 'right').length / results.length;
}

/** The key a question keeps across runs: its text and its context questions. */
function questionKey(result: Pick<BenchmarkResult, 'question' | 'context'>): string {
  return JSON.stringify([result.question, result.context]);
}

/**
 * The questions right in `previous` and not in `now` (matched by question and context), in the order of `now`. A
 * question new since the previous run is never a regression.
 */
export function findRegressions(
  previous: readonly BenchmarkResult[] | null,
  now: readonly BenchmarkResult[],
): BenchmarkRegression[] {
  if (!previous) return [];
  const before = new Map(previous.map((r) => [questionKey(r), r.status]));
  return now
    .filter((r) => before.get(questionKey(r)) === 'right' && r.status !== 'right')
    .map((r) => ({ question: r.question, before: 'right' as const, now: r.status }));
}

/**
 * The parts of the configuration fingerprint that differ between two runs (empty without a previous run): provider,
 * model and schema version by value; definitions by the sorted list of `id@version`, each side listing only the
 * definitions that differ (added, removed or at another version).
 */
export function fingerprintChanges(
  previous: BenchmarkFingerprint | null,
  now: BenchmarkFingerprint,
): FingerprintChange[] {
  if (!previous) return [];
  const changes: FingerprintChange[] = [];
  if (previous.provider !== now.provider)
    changes.push({ part: 'provider', before: previous.provider, now: now.provider });
  if (previous.model !== now.model) changes.push({ part: 'model', before: previous.model, now: now.model });
  const tag = (d: { id: string; version: number }) => `${d.id}@${d.version}`;
  const beforeTags = new Set(previous.definitions.map(tag));
  const nowTags = new Set(now.definitions.map(tag));
  const removed = previous.definitions.filter((d) => !nowTags.has(tag(d)));
  const added = now.definitions.filter((d) => !beforeTags.has(tag(d)));
  if (removed.length > 0 || added.length > 0) changes.push({ part: 'definitions', before: removed, now: added });
  if (previous.schema_version !== now.schema_version)
    changes.push({ part: 'schema_version', before: previous.schema_version, now: now.schema_version });
  return changes;
}
