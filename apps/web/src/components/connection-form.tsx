import type { ConnectionInput, ConnectionView } from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { acceptsPassword, withoutPassword, withPassword } from '../lib/connection-url';
import { usePendingSave } from '../lib/use-pending-save';
import { FormFooter } from './form-footer';

export interface ConnectionFormProps {
  /** The connection being edited; absent to create one. */
  editing?: ConnectionView;
  /** Sends the input (create) or the changed fields (edit); rejects to keep the form open. */
  onSave(input: Partial<ConnectionInput>): Promise<void>;
  onCancel(): void;
}

/**
 * Create or edit a database connection. The password is a separate write-only field: never filled from the API
 * (which only answers the redacted URL), put into the URL only when sent. Editing leaves a stored password unchanged
 * unless the URL or password is changed.
 */
export function ConnectionForm({ editing, onSave, onCancel }: ConnectionFormProps) {
  const initialUrl = editing ? withoutPassword(editing.url) : '';
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(initialUrl);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, save } = usePendingSave(onSave);
  const canHavePassword = acceptsPassword(url);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!name.trim() || !url.trim()) {
      setProblem('Name and URL are required.');
      return;
    }
    const urlChanged = url.trim() !== initialUrl;
    if (editing && urlChanged && editing.has_password && !password && canHavePassword) {
      setProblem('Enter the password again when you change the URL (the stored one is never sent back).');
      return;
    }
    let fullUrl: string;
    try {
      fullUrl = withPassword(url, password);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      return;
    }
    const input: Partial<ConnectionInput> = editing
      ? {
          ...(name.trim() !== editing.name ? { name: name.trim() } : {}),
          ...(urlChanged || password ? { url: fullUrl } : {}),
        }
      : { name: name.trim(), url: fullUrl };
    await save(input);
  }

  return (
    <form
      className="card form"
      onSubmit={submit}
      data-testid="connection-form"
      aria-label={editing ? `Edit ${editing.name}` : 'New connection'}
    >
      <h2>{editing ? `Edit ${editing.name}` : 'New connection'}</h2>
      <label htmlFor="conn-name">Name</label>
      <input
        id="conn-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        data-testid="connection-name"
        required
      />
      <label htmlFor="conn-url">URL</label>
      <input
        id="conn-url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="postgres://user@host:5432/db, mysql://user@host/db, sqlite:///path/to/file.db"
        data-testid="connection-url"
        spellCheck={false}
        required
      />
      <ConnectionPasswordField
        password={password}
        setPassword={setPassword}
        canHavePassword={canHavePassword}
        hasStored={!!editing?.has_password}
      />
      <FormFooter problem={problem} busy={busy} onCancel={onCancel} saveTestId="connection-save" />
    </form>
  );
}

/** The write-only password field with its help text; disabled when the URL cannot carry one (acceptsPassword). */
function ConnectionPasswordField(props: {
  password: string;
  setPassword(value: string): void;
  canHavePassword: boolean;
  /** Whether the edited connection has a stored password. */
  hasStored: boolean;
}) {
  const { password, setPassword, canHavePassword, hasStored } = props;
  return (
    <>
      <label htmlFor="conn-password">Password</label>
      <input
        id="conn-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={!canHavePassword}
        placeholder={hasStored ? 'stored (leave empty to keep it)' : canHavePassword ? 'none' : 'not used by this URL'}
        data-testid="connection-password"
        aria-describedby="conn-password-help"
      />
      <p id="conn-password-help" className="muted small-text">
        Write-only: stored encrypted, never shown again. Leave the password out of the URL.
      </p>
    </>
  );
}
