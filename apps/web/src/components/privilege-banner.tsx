import { useEffect, useState } from 'react';
import { useApi } from './api-provider';

/**
 * A banner when GET /api/health warns that the query connection can write or administer while the service runs in
 * user mode, pointing to the read-only role guide of docs/operations.md; nothing otherwise, and
 * nothing for the sample database nlq generated itself, for which the api raises no warning.
 */
export function PrivilegeBanner() {
  const { client, hasKey } = useApi();
  const [warning, setWarning] = useState<string | null>(null);

  useEffect(() => {
    if (!hasKey) return;
    let alive = true;
    client
      .health()
      .then((h) => alive && setWarning(h.privileges?.warning ?? null))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [client, hasKey]);

  if (!warning) return null;
  return (
    <div className="warn privilege-banner" role="alert" data-testid="privilege-banner">
      {warning}
    </div>
  );
}
