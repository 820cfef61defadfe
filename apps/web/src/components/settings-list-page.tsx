import type { TestResult } from '@nlq/contracts';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { formatDuration, formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import { useApi } from './api-provider';
import { StatusBadge } from './status-badge';
import { useToast } from './toasts';

/** What a settings list shows of each row (ConnectionView, LlmView). */
export interface SettingsRow {
  id: string;
  name: string;
  active: boolean;
  updated_at: string;
}

/** The API calls of one kind of setting; each gets the current client. */
export interface SettingsResource<V extends SettingsRow, I extends { name: string }> {
  list(client: ApiClient): Promise<V[]>;
  create(client: ApiClient, input: I): Promise<V>;
  update(client: ApiClient, id: string, patch: Partial<I>): Promise<V>;
  remove(client: ApiClient, id: string): Promise<void>;
  test(client: ApiClient, id: string): Promise<TestResult>;
  activate(client: ApiClient, id: string): Promise<unknown>;
}

/** Props of the create/edit form a settings list opens (ConnectionForm, LlmForm). */
export interface SettingsFormProps<V, I> {
  editing?: V;
  onSave(input: Partial<I>): Promise<void>;
  onCancel(): void;
}

/** One column between Name and Updated. */
export interface SettingsColumn<V> {
  header: string;
  cell(row: V): ReactNode;
}

/** Handed to extra row actions: the client, the busy marker (`id:what`) and the runner that sets it. */
export interface SettingsActionContext {
  client: ApiClient;
  busy: string | null;
  act(id: string, what: string, run: () => Promise<void>): Promise<void>;
}

export interface SettingsListPageProps<V extends SettingsRow, I extends { name: string }> {
  resource: SettingsResource<V, I>;
  form: ComponentType<SettingsFormProps<V, I>>;
  /** Heading, e.g. "Connections"; the section is labelled by the heading's id `${idPrefix}-title`. */
  title: string;
  idPrefix: string;
  /** Prefix of the data-testid attributes: `${testIdPrefix}-add`, `-row`, `-test`, `-activate`, `-edit`, `-delete`, `-test-result`. */
  testIdPrefix: string;
  /** data-testid of the table. */
  tableTestId: string;
  addLabel: string;
  emptyText: string;
  columns: Array<SettingsColumn<V>>;
  /** The question window.confirm asks before deleting `row`. */
  confirmDelete(row: V): string;
  /** Row actions shown after "Make active" and before "Edit". */
  extraActions?(row: V, context: SettingsActionContext): ReactNode;
}

/**
 * A page listing named settings of which one is active (connections, model providers): table with a test result
 * column, and create, edit, test, make active and delete actions. Every failure is an error toast; the form stays
 * open when a save fails. `resource` and `form` should be stable (module-level) values.
 */
export function SettingsListPage<V extends SettingsRow, I extends { name: string }>(
  props: SettingsListPageProps<V, I>,
) {
  const { resource, form: Form, testIdPrefix: tid } = props;
  const { client } = useApi();
  const list = useLoad(() => resource.list(client), [client]);
  const { form, setForm, save } = useSettingsForm(resource, client, list.reload);
  const actions = useSettingsRowActions(resource, client, list.reload);

  const rows = list.data ?? [];
  return (
    <section aria-labelledby={`${props.idPrefix}-title`}>
      <div className="page-head">
        <h1 id={`${props.idPrefix}-title`}>{props.title}</h1>
        <button type="button" onClick={() => setForm({})} data-testid={`${tid}-add`} disabled={!!form}>
          {props.addLabel}
        </button>
      </div>
      {form && (
        <Form key={form.editing?.id ?? 'new'} editing={form.editing} onSave={save} onCancel={() => setForm(null)} />
      )}
      {list.loading && !list.data && <p className="muted">Loading…</p>}
      {list.data && rows.length === 0 && <p className="muted">{props.emptyText}</p>}
      {rows.length > 0 && (
        <SettingsTable columns={props.columns} tableTestId={props.tableTestId}>
          {rows.map((row) => (
            <SettingsTableRow key={row.id} row={row} columns={props.columns} tid={tid} test={actions.tests[row.id]}>
              <SettingsRowActions
                row={row}
                tid={tid}
                actions={actions}
                formOpen={!!form}
                onEdit={() => setForm({ editing: row })}
                confirmDelete={props.confirmDelete}
                extraActions={props.extraActions?.(row, { client, busy: actions.busy, act: actions.act })}
              />
            </SettingsTableRow>
          ))}
        </SettingsTable>
      )}
    </section>
  );
}

/** The open create/edit form (`null` when closed) and its save: update or create, toast, close and reload. */
function useSettingsForm<V extends SettingsRow, I extends { name: string }>(
  resource: SettingsResource<V, I>,
  client: ApiClient,
  reload: () => void,
) {
  const toast = useToast();
  const [form, setForm] = useState<{ editing?: V } | null>(null);

  /** Saves the form's input; a failure is an error toast and is rethrown so the form stays open. */
  async function save(input: Partial<I>) {
    try {
      if (form?.editing) {
        await resource.update(client, form.editing.id, input);
        toast.push('success', `Saved ${input.name ?? form.editing.name}`);
      } else {
        const created = await resource.create(client, input as I);
        toast.push('success', `Added ${created.name}`);
      }
      setForm(null);
      reload();
    } catch (err) {
      toast.error(err);
      throw err;
    }
  }

  return { form, setForm, save };
}

/** State and runners of the per-row actions: the busy marker (`id:what`), the test results by row id. */
interface SettingsRowActionsState<V> {
  busy: string | null;
  tests: Record<string, TestResult>;
  act: SettingsActionContext['act'];
  test(row: V): Promise<void>;
  activate(row: V): Promise<void>;
  remove(row: V): Promise<void>;
}

/** Test, make active and delete of one row; one action runs at a time and a failure is an error toast. */
function useSettingsRowActions<V extends SettingsRow, I extends { name: string }>(
  resource: SettingsResource<V, I>,
  client: ApiClient,
  reload: () => void,
): SettingsRowActionsState<V> {
  const toast = useToast();
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

  return {
    busy,
    tests,
    act,
    test: (row) =>
      act(row.id, 'test', async () => {
        const r = await resource.test(client, row.id);
        setTests((m) => ({ ...m, [row.id]: r }));
        if (!r.ok) toast.push('error', `Test of ${row.name} failed`, r.error ?? undefined);
      }),
    activate: (row) =>
      act(row.id, 'activate', async () => {
        await resource.activate(client, row.id);
        toast.push('success', `${row.name} is now active`);
        reload();
      }),
    remove: (row) =>
      act(row.id, 'delete', async () => {
        await resource.remove(client, row.id);
        toast.push('success', `Deleted ${row.name}`);
        reload();
      }),
  };
}

/** The settings table: Name, the extra columns, Updated, Test and Actions headers around the rows (`children`). */
function SettingsTable<V>(props: { columns: Array<SettingsColumn<V>>; tableTestId: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="data" data-testid={props.tableTestId}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {props.columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
            <th scope="col">Updated</th>
            <th scope="col">Test</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** One settings row: name with the active badge, the extra cells, update time, last test result, actions (`children`). */
function SettingsTableRow<V extends SettingsRow>(props: {
  row: V;
  columns: Array<SettingsColumn<V>>;
  tid: string;
  test: TestResult | undefined;
  children: ReactNode;
}) {
  const { row, test: t } = props;
  return (
    <tr data-testid={`${props.tid}-row`} data-name={row.name}>
      <td>
        <strong>{row.name}</strong> {row.active && <span className="badge badge-good">active</span>}
      </td>
      {props.columns.map((c) => (
        <td key={c.header}>{c.cell(row)}</td>
      ))}
      <td>{formatTime(row.updated_at)}</td>
      <td data-testid={`${props.tid}-test-result`}>
        {t ? (
          <span title={t.error ?? undefined}>
            <StatusBadge status={t.ok ? 'ok' : 'error'} /> {t.ok ? testSummary(t) : t.error}
          </span>
        ) : (
          <span className="muted">–</span>
        )}
      </td>
      <td className="actions">{props.children}</td>
    </tr>
  );
}

/** The buttons of one row: Test, Make active, the extra actions, Edit and Delete (after window.confirm). */
function SettingsRowActions<V extends SettingsRow>(props: {
  row: V;
  tid: string;
  actions: SettingsRowActionsState<V>;
  formOpen: boolean;
  onEdit(): void;
  confirmDelete(row: V): string;
  extraActions: ReactNode;
}) {
  const { row, tid, actions } = props;
  const { busy } = actions;
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={busy !== null}
        data-testid={`${tid}-test`}
        onClick={() => actions.test(row)}
      >
        {busy === `${row.id}:test` ? 'Testing…' : 'Test'}
      </button>
      <button
        type="button"
        className="secondary small"
        disabled={busy !== null || row.active}
        data-testid={`${tid}-activate`}
        onClick={() => actions.activate(row)}
      >
        Make active
      </button>
      {props.extraActions}
      <button
        type="button"
        className="secondary small"
        disabled={props.formOpen}
        data-testid={`${tid}-edit`}
        onClick={props.onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="danger small"
        disabled={busy !== null}
        data-testid={`${tid}-delete`}
        onClick={() => {
          if (!window.confirm(props.confirmDelete(row))) return;
          void actions.remove(row);
        }}
      >
        Delete
      </button>
    </>
  );
}

/** A successful test in words: the round trip, and the table count when the test reports one (connections). */
function testSummary(t: TestResult): string {
  return `${formatDuration(t.latency_ms)}${t.tables !== undefined ? `, ${t.tables} tables` : ''}`;
}
