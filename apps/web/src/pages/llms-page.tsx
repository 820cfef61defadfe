import type { LlmInput, LlmView } from '@nlq/contracts';
import { LlmForm } from '../components/llm-form';
import { SettingsListPage, type SettingsColumn, type SettingsResource } from '../components/settings-list-page';

const LLMS: SettingsResource<LlmView, LlmInput> = {
  list: (client) => client.llms(),
  create: (client, input) => client.createLlm(input),
  update: (client, id, patch) => client.updateLlm(id, patch),
  remove: (client, id) => client.deleteLlm(id),
  test: (client, id) => client.testLlm(id),
  activate: (client, id) => client.activateLlm(id),
};

const COLUMNS: Array<SettingsColumn<LlmView>> = [
  { header: 'Provider', cell: (l) => l.provider },
  { header: 'Model', cell: (l) => l.model ?? <span className="muted">default</span> },
  {
    header: 'Base URL',
    cell: (l) => (l.base_url ? <code className="wrap">{l.base_url}</code> : <span className="muted">default</span>),
  },
  { header: 'API key', cell: (l) => (l.has_api_key ? 'stored' : <span className="muted">none</span>) },
];

/** Page /llms: model provider settings (API keys write-only): list, create, edit, delete, test, make active. */
export function LlmsPage() {
  return (
    <SettingsListPage
      resource={LLMS}
      form={LlmForm}
      title="Models"
      idPrefix="llms"
      testIdPrefix="llm"
      tableTestId="llms-table"
      addLabel="Add model"
      emptyText="No model settings yet."
      columns={COLUMNS}
      confirmDelete={(l) => `Delete the model setting ${l.name}?`}
    />
  );
}
