import type { ConnectionInput, ConnectionView } from '@nlq/contracts';
import { ConnectionForm } from '../components/connection-form';
import {
  SettingsListPage,
  type SettingsActionContext,
  type SettingsColumn,
  type SettingsResource,
} from '../components/settings-list-page';
import { useToast } from '../components/toasts';

const CONNECTIONS: SettingsResource<ConnectionView, ConnectionInput> = {
  list: (client) => client.connections(),
  create: (client, input) => client.createConnection(input),
  update: (client, id, patch) => client.updateConnection(id, patch),
  remove: (client, id) => client.deleteConnection(id),
  test: (client, id) => client.testConnection(id),
  activate: (client, id) => client.activateConnection(id),
};

const COLUMNS: Array<SettingsColumn<ConnectionView>> = [
  { header: 'Dialect', cell: (c) => c.dialect },
  {
    header: 'URL',
    cell: (c) => (
      <code className="wrap" data-testid="connection-url-cell">
        {c.url}
      </code>
    ),
  },
];

/** Page /connections: list (redacted URLs), create, edit, delete, test, make active, refresh schema. */
export function ConnectionsPage() {
  const toast = useToast();

  function refreshButton(c: ConnectionView, { client, busy, act }: SettingsActionContext) {
    return (
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
    );
  }

  return (
    <SettingsListPage
      resource={CONNECTIONS}
      form={ConnectionForm}
      title="Connections"
      idPrefix="connections"
      testIdPrefix="connection"
      tableTestId="connections-table"
      addLabel="Add connection"
      emptyText="No connections yet."
      columns={COLUMNS}
      confirmDelete={(c) => `Delete the connection ${c.name}?`}
      extraActions={refreshButton}
    />
  );
}
