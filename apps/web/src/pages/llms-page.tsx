import type { LlmInput, LlmView, TestResult } from '@nlq/contracts';
import { useState } from 'react';
import { useApi } from '../components/api-provider';
import { LlmForm } from '../components/llm-form';
import { StatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import { formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';

/** Page /llms: model provider settings (API keys write-only): list, create, edit, delete, test, make active. */
export function LlmsPage() {
  const { client } = useApi();
  const toast = useToast();
  const list = useLoad(() => client.llms(), [client]);
  const [form, setForm] = useState<{ editing?: LlmView } | null>(null);
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

  async function save(input: Partial<LlmInput>) {
    try {
      if (form?.editing) {
        await client.updateLlm(form.editing.id, input);
        toast.push('success', `Saved ${input.name ?? form.editing.name}`);
      } else {
        const created = await client.createLlm(input as LlmInput);
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
    <section aria-labelledby="llms-title">
      <div className="page-head">
        <h1 id="llms-title">Models</h1>
        <button type="button" onClick={() => setForm({})} data-testid="llm-add" disabled={!!form}>
          Add model
        </button>
      </div>
      {form && <LlmForm key={form.editing?.id ?? 'new'} editing={form.editing} onSave={save} onCancel={() => setForm(null)} />}
      {list.loading && !list.data && <p className="muted">Loading…</p>}
      {list.data && rows.length === 0 && <p className="muted">No model settings yet.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="data" data-testid="llms-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Provider</th>
                <th scope="col">Model</th>
                <th scope="col">Base URL</th>
                <th scope="col">API key</th>
                <th scope="col">Updated</th>
                <th scope="col">Test</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l) => {
                const t = tests[l.id];
                return (
                  <tr key={l.id} data-testid="llm-row" data-name={l.name}>
                    <td>
                      <strong>{l.name}</strong> {l.active && <span className="badge badge-good">active</span>}
                    </td>
                    <td>{l.provider}</td>
                    <td>{l.model ?? <span className="muted">default</span>}</td>
                    <td>{l.base_url ? <code className="wrap">{l.base_url}</code> : <span className="muted">default</span>}</td>
                    <td>{l.has_api_key ? 'stored' : <span className="muted">none</span>}</td>
                    <td>{formatTime(l.updated_at)}</td>
                    <td data-testid="llm-test-result">
                      {t ? (
                        <span title={t.error ?? undefined}>
                          <StatusBadge status={t.ok ? 'ok' : 'error'} /> {t.ok ? formatDuration(t.latency_ms) : t.error}
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
                        data-testid="llm-test"
                        onClick={() =>
                          act(l.id, 'test', async () => {
                            const r = await client.testLlm(l.id);
                            setTests((m) => ({ ...m, [l.id]: r }));
                            if (!r.ok) toast.push('error', `Test of ${l.name} failed`, r.error ?? undefined);
                          })
                        }
                      >
                        {busy === `${l.id}:test` ? 'Testing…' : 'Test'}
                      </button>
                      <button
                        type="button"
                        className="secondary small"
                        disabled={busy !== null || l.active}
                        data-testid="llm-activate"
                        onClick={() =>
                          act(l.id, 'activate', async () => {
                            await client.activateLlm(l.id);
                            toast.push('success', `${l.name} is now active`);
                            list.reload();
                          })
                        }
                      >
                        Make active
                      </button>
                      <button type="button" className="secondary small" disabled={!!form} data-testid="llm-edit" onClick={() => setForm({ editing: l })}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger small"
                        disabled={busy !== null}
                        data-testid="llm-delete"
                        onClick={() => {
                          if (!window.confirm(`Delete the model setting ${l.name}?`)) return;
                          void act(l.id, 'delete', async () => {
                            await client.deleteLlm(l.id);
                            toast.push('success', `Deleted ${l.name}`);
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
