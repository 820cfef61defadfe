import type { LlmInput, LlmProviderName, LlmView } from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { usePendingSave } from '../lib/use-pending-save';
import { FormFooter } from './form-footer';

const PROVIDERS: Array<{ value: LlmProviderName; label: string; needsKey: boolean }> = [
  { value: 'offline', label: 'Built-in offline engine', needsKey: false },
  { value: 'ollama', label: 'Ollama (local)', needsKey: false },
  { value: 'openai', label: 'OpenAI-compatible', needsKey: true },
  { value: 'anthropic', label: 'Anthropic', needsKey: true },
];

export interface LlmFormProps {
  editing?: LlmView;
  /** Sends the input (create) or the changed fields (edit); rejects to keep the form open. */
  onSave(input: Partial<LlmInput>): Promise<void>;
  onCancel(): void;
}

/**
 * Create or edit model provider settings. The API key is write-only: the field starts empty, an empty field on edit
 * keeps the stored key, "Remove the stored key" sends null.
 */
export function LlmForm({ editing, onSave, onCancel }: LlmFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [provider, setProvider] = useState<LlmProviderName>(editing?.provider ?? 'ollama');
  const [model, setModel] = useState(editing?.model ?? '');
  const [baseUrl, setBaseUrl] = useState(editing?.base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, save } = usePendingSave(onSave);
  const offline = provider === 'offline';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setProblem('Name is required.');
      return;
    }
    setProblem(null);
    const full: LlmInput = {
      name: name.trim(),
      provider,
      model: model.trim() || null,
      base_url: baseUrl.trim() || null,
    };
    const input = llmSaveInput(full, editing, apiKey, clearKey);
    await save(input);
  }

  return (
    <form
      className="card form"
      onSubmit={submit}
      data-testid="llm-form"
      aria-label={editing ? `Edit ${editing.name}` : 'New model'}
    >
      <h2>{editing ? `Edit ${editing.name}` : 'New model provider'}</h2>
      <label htmlFor="llm-name">Name</label>
      <input id="llm-name" value={name} onChange={(e) => setName(e.target.value)} data-testid="llm-name" required />
      <ProviderSelect provider={provider} setProvider={setProvider} />
      <label htmlFor="llm-model">Model</label>
      <input
        id="llm-model"
        value={model}
        onChange={(e) => setModel(e.target.value)}
        disabled={offline}
        placeholder={offline ? 'not used' : 'e.g. llama3.1:8b, gpt-4o-mini'}
        data-testid="llm-model"
      />
      <label htmlFor="llm-base-url">Base URL</label>
      <input
        id="llm-base-url"
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.target.value)}
        disabled={offline}
        placeholder={offline ? 'not used' : 'default of the provider, e.g. http://localhost:11434'}
        data-testid="llm-base-url"
        spellCheck={false}
      />
      <LlmKeyFields
        editing={editing}
        provider={provider}
        apiKey={apiKey}
        setApiKey={setApiKey}
        clearKey={clearKey}
        setClearKey={setClearKey}
      />
      <FormFooter problem={problem} busy={busy} onCancel={onCancel} saveTestId="llm-save" />
    </form>
  );
}

/**
 * What the form sends: on create the full input plus the key when typed; on edit only the changed fields, the typed
 * key, or `api_key: null` when "Remove the stored key" is ticked and no key is typed.
 */
function llmSaveInput(
  full: LlmInput,
  editing: LlmView | undefined,
  apiKey: string,
  clearKey: boolean,
): Partial<LlmInput> {
  if (!editing) return apiKey ? { ...full, api_key: apiKey } : full;
  const input: Partial<LlmInput> = {};
  if (full.name !== editing.name) input.name = full.name;
  if (full.provider !== editing.provider) input.provider = full.provider;
  if (full.model !== editing.model) input.model = full.model;
  if (full.base_url !== editing.base_url) input.base_url = full.base_url;
  if (apiKey) input.api_key = apiKey;
  else if (clearKey) input.api_key = null;
  return input;
}

/** The write-only API key field with its help text and, when a key is stored, the "Remove the stored key" box. */
function LlmKeyFields(props: {
  editing?: LlmView;
  provider: LlmProviderName;
  apiKey: string;
  setApiKey(value: string): void;
  clearKey: boolean;
  setClearKey(value: boolean): void;
}) {
  const { editing, provider, apiKey, setApiKey, clearKey, setClearKey } = props;
  const offline = provider === 'offline';
  return (
    <>
      <label htmlFor="llm-api-key">API key</label>
      <input
        id="llm-api-key"
        type="password"
        autoComplete="new-password"
        value={apiKey}
        onChange={(e) => {
          setApiKey(e.target.value);
          if (e.target.value) setClearKey(false);
        }}
        disabled={offline}
        placeholder={
          editing?.has_api_key
            ? 'stored (leave empty to keep it)'
            : PROVIDERS.find((p) => p.value === provider)?.needsKey
              ? 'required by this provider'
              : 'optional'
        }
        data-testid="llm-api-key"
        aria-describedby="llm-key-help"
      />
      <p id="llm-key-help" className="muted small-text">
        Write-only: stored encrypted, never shown again.
      </p>
      {editing?.has_api_key && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={clearKey}
            onChange={(e) => setClearKey(e.target.checked)}
            disabled={!!apiKey}
          />{' '}
          Remove the stored key
        </label>
      )}
    </>
  );
}

/** The provider choice, one option per entry of PROVIDERS. */
function ProviderSelect({
  provider,
  setProvider,
}: {
  provider: LlmProviderName;
  setProvider(value: LlmProviderName): void;
}) {
  return (
    <>
      <label htmlFor="llm-provider">Provider</label>
      <select
        id="llm-provider"
        value={provider}
        onChange={(e) => setProvider(e.target.value as LlmProviderName)}
        data-testid="llm-provider"
      >
        {PROVIDERS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </>
  );
}
