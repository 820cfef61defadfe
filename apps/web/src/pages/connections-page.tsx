import type { ConnectionInput, ConnectionView, TestResult } from '@nlq/contracts';
import { useState } from 'react';
import { useApi } from '../components/api-provider';
import { ConnectionForm } from '../components/connection-form';
import { StatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import { formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/** Page /connections: list (redacted URLs), create, edit, delete, test, make active, refresh schema. */
export function ConnectionsPage() {
  const { client } = useApi();
  const toast = useToast();
  const list = useLoad(() => client.connections(), [client]);
  const [form, setForm] = useState<{ editing?: ConnectionView } | null>(null);
  const [tests, setTests] = useState<Record<string, TestResult>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function act(id: string, what: string, run: () => Promise<void>) {
    setBusy(`${id}:${what}`);
    try {
      await run();
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(null);
    }
  }

  async function save(input: Partial<ConnectionInput>) {
    try {
      if (form?.editing) {
        await client.updateConnection(form.editing.id, input);
        toast.push('success', `Saved ${input.name ?? form.editing.name}`);
      } else {
        const created = await client.createConnection(input as ConnectionInput);
        toast.push('success', `Added ${created.name}`);
      }
      setForm(null);
      list.reload();
    } catch (err) {
      toast.error(err);
      throw err;
    }
  }

  const rows = list.data ?? [];
  return (
    <section aria-labelledby="connections-title">
      <div className="page-head">
        <h1 id="connections-title">Connections</h1>
        <button type="button" onClick={() => setForm({})} data-testid="connection-add" disabled={!!form}>
          Add connection
        </button>
      </div>
      {form && <ConnectionForm key={form.editing?.id ?? 'new'} editing={form.editing} onSave={save} onCancel={() => setForm(null)} />}
      {list.loading && !list.data && <p className="muted">Loading…</p>}
      {list.data && rows.length === 0 && <p className="muted">No connections yet.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="data" data-testid="connections-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Dialect</th>
                <th scope="col">URL</th>
                <th scope="col">Updated</th>
                <th scope="col">Test</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => {
                const t = tests[c.id];
                return (
                  <tr key={c.id} data-testid="connection-row" data-name={c.name}>
                    <td>
                      <strong>{c.name}</strong> {c.active && <span className="badge badge-good">active</span>}
                    </td>
                    <td>{c.dialect}</td>
                    <td>
                      <code className="wrap" data-testid="connection-url-cell">
                        {c.url}
                      </code>
                    </td>
                    <td>{formatTime(c.updated_at)}</td>
                    <td data-testid="connection-test-result">
                      {t ? (
                        <span title={t.error ?? undefined}>
                          <StatusBadge status={t.ok ? 'ok' : 'error'} />{' '}
                          {t.ok ? `${formatDuration(t.latency_ms)}${t.tables !== undefined ? `, ${t.tables} tables` : ''}` : t.error}
                        </span>
                      ) : (
                        <span className="muted">–</span>
                      )}
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="secondary small"
                        disabled={busy !== null}
                        data-testid="connection-test"
                        onClick={() =>
                          act(c.id, 'test', async () => {
                            const r = await client.testConnection(c.id);
                            setTests((m) => ({ ...m, [c.id]: r }));
                            if (!r.ok) toast.push('error', `Test of ${c.name} failed`, r.error ?? undefined);
                          })
                        }
                      >
                        {busy === `${c.id}:test` ? 'Testing…' : 'Test'}
                      </button>
                      <button
                        type="button"
                        className="secondary small"
                        disabled={busy !== null || c.active}
                        data-testid="connection-activate"
                        onClick={() =>
                          act(c.id, 'activate', async () => {
                            await client.activateConnection(c.id);
                            toast.push('success', `${c.name} is now active`);
                            list.reload();
                          })
                        }
                      >
                        Make active
                      </button>
                      <button
                        type="button"
                        className="secondary small"
                        disabled={busy !== null}
                        data-testid="connection-refresh"
                        onClick={() =>
                          act(c.id, 'refresh', async () => {
                            const r = await client.refreshConnection(c.id);
                            toast.push(r.status === 'ok' ? 'success' : 'error', `Schema of ${c.name}`, r.message);
                          })
                        }
                      >
                        {busy === `${c.id}:refresh` ? 'Refreshing…' : 'Refresh schema'}
                      </button>
                      <button type="button" className="secondary small" disabled={!!form} data-testid="connection-edit" onClick={() => setForm({ editing: c })}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger small"
                        disabled={busy !== null}
                        data-testid="connection-delete"
                        onClick={() => {
                          if (!window.confirm(`Delete the connection ${c.name}?`)) return;
                          void act(c.id, 'delete', async () => {
                            await client.deleteConnection(c.id);
                            toast.push('success', `Deleted ${c.name}`);
                            list.reload();
                          });
                        }}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
