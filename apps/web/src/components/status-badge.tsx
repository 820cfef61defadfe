/** A small colored label for a status or outcome (ok, error, pending_approval, executing, interrupted, refused, hit, miss, ...). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const tone =
    status === 'ok' || status === 'approved' || status === 'hit' || status === 'positive'
      ? 'good'
      : status === 'error' || status === 'refused' || status === 'rejected' || status === 'negative' || status === 'interrupted' || status === 'failed'
        ? 'bad'
        : status === 'pending_approval' || status === 'pending' || status === 'executing'
          ? 'warn'
          : 'neutral';
  return (
    <span className={`badge badge-${tone}`} data-testid={testId}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
