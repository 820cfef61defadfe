import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface KeyDialogProps {
  /** Why the key is asked for again (e.g. a 401), shown above the field. */
  reason: string | null;
  /** Checks and stores the key; resolves with an error text to show, or null when accepted. */
  onSubmit(key: string): Promise<string | null>;
  /** Present when a key is already stored: closes without change. */
  onCancel?: () => void;
}

/** Modal dialog asking for the X-API-Key (printed by the api on first start). The key is never shown back. */
export function KeyDialog({ reason, onSubmit, onCancel }: KeyDialogProps) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const key = value.trim();
    if (!key) {
      setError('Enter the API key.');
      return;
    }
    setBusy(true);
    setError(await onSubmit(key));
    setBusy(false);
  }

  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="key-dialog-title" data-testid="key-dialog">
        <form onSubmit={submit}>
          <h2 id="key-dialog-title">API key</h2>
          <p className="muted">
            nlq needs the API key (X-API-Key). The api prints it once on first start, or it is SERVICE_API_KEY. It is kept in
            this browser only.
          </p>
          {reason && <p className="warn">{reason}</p>}
          <label htmlFor="api-key">Key</label>
          <input
            id="api-key"
            ref={input}
            type="password"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="api-key-input"
          />
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="row end">
            {onCancel && (
              <button type="button" className="secondary" onClick={onCancel}>
                Cancel
              </button>
            )}
            <button type="submit" disabled={busy} data-testid="api-key-submit">
              {busy ? 'Checking…' : 'Save key'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
