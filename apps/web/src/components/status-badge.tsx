/** A small colored label for a status or outcome (ok, error, pending_approval, refused, hit, miss, ...). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const tone =
    status === 'ok' || status === 'approved' || status === 'hit' || status === 'positive'
      ? 'good'
      : status === 'error' || status === 'refused' || status === 'rejected' || status === 'negative'
        ? 'bad'
        : status === 'pending_approval' || status === 'pending'
          ? 'warn'
          : 'neutral';
  return (
    <span className={`badge badge-${tone}`} data-testid={testId}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
