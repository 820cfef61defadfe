/** The colour family of a status badge. */
export type StatusTone = 'good' | 'bad' | 'warn' | 'neutral';

/**
 * The tone of a status or outcome: ok, approved, hit, positive, right (a benchmark verdict) and delivered (a
 * scheduled run) are good; error,
 * rejected, negative, interrupted, failed and wrong are bad; pending work is a warning. A refusal is an honest "cannot
 * answer" or a policy at work, not a failure: it is neutral, like a question asked back, and so is anything else. An
 * answer to check (`check_this`: it carries warnings of the answer check) is a warning, amber.
 */
export function statusTone(status: string): StatusTone {
  if (['ok', 'approved', 'hit', 'positive', 'right', 'delivered'].includes(status)) return 'good';
  if (['error', 'rejected', 'negative', 'interrupted', 'failed', 'wrong'].includes(status)) return 'bad';
  if (['pending_approval', 'pending', 'executing', 'check_this'].includes(status)) return 'warn';
  return 'neutral';
}

/** A small colored label for a status or outcome (ok, error, pending_approval, executing, interrupted, refused, hit, miss, ...); see {@link statusTone}. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-testid={testId}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
