import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface KeyDialogProps {
  /** Why the key is asked for again (e.g. a 401), shown above the field. */
  reason: string | null;
  /** Checks and stores the key; resolves with an error text to show, or null when accepted. */
  onSubmit(key: string): Promise<string | null>;
  /** Present when a key is already stored: closes without change. */
  onCancel?: () => void;
}

/**
 * Modal dialog asking for the X-API-Key. It names where the key is as fixed text: the file
 * `data/service-api-key` (DATA_DIR/service-api-key) or the SERVICE_API_KEY setting. Fixed text rather than the
 * api's actual path: the dialog shows before any key, so a path from the server would have to come from an
 * unauthenticated endpoint, and server file paths are kept from callers (docs/architecture.md "Security"); the
 * terminal's startup block prints the full path. The key is never shown back.
 */
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
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="key-dialog-title"
        data-testid="key-dialog"
      >
        <form onSubmit={submit}>
          <h2 id="key-dialog-title">API key</h2>
          <p className="muted">nlq needs its API key (X-API-Key). It is kept in this browser only.</p>
          <div className="key-where" data-testid="key-where">
            <p>Where to find it:</p>
            <ul>
              <li>
                in the file <code data-testid="key-file">data/service-api-key</code> where nlq runs (
                <code>DATA_DIR/service-api-key</code> when DATA_DIR is set), e.g. <code>cat data/service-api-key</code>;
                the terminal shows it once, on the first start;
              </li>
              <li>
                or, when the service was started with <code>SERVICE_API_KEY</code>, that value.
              </li>
            </ul>
          </div>
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
