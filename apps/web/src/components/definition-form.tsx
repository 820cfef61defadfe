import {
  KNOWLEDGE_DEFINITION_KINDS,
  type KnowledgeDefinition,
  type KnowledgeDefinitionBody,
  type KnowledgeDefinitionKind,
} from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from './api-provider';

/** The text fields of the form, by kind (docs/knowledge.md "Definitions"). */
const FIELDS: ReadonlyMap<
  KnowledgeDefinitionKind,
  ReadonlyArray<{ name: string; label: string; long?: boolean }>
> = new Map([
  [
    'metric',
    [
      { name: 'name', label: 'Name' },
      { name: 'synonyms', label: 'Synonyms (comma-separated)' },
      { name: 'description', label: 'Description' },
      { name: 'expression', label: 'Expression (an SQL aggregate)', long: true },
      { name: 'filter', label: 'Filter (an SQL condition, optional)', long: true },
    ],
  ],
  [
    'filter',
    [
      { name: 'name', label: 'Name' },
      { name: 'synonyms', label: 'Synonyms (comma-separated)' },
      { name: 'description', label: 'Description' },
      { name: 'condition', label: 'Condition (SQL)', long: true },
    ],
  ],
  [
    'synonym',
    [
      { name: 'name', label: 'Word' },
      { name: 'synonyms', label: 'Other words (comma-separated)' },
      { name: 'target', label: "Target (table, table.column or table.column = 'value')" },
    ],
  ],
  ['instruction', [{ name: 'text', label: 'Text', long: true }]],
]);

/** The form's values as text, from a definition being edited or empty. */
function initialValues(definition: KnowledgeDefinition | null): Map<string, string> {
  const values = new Map<string, string>();
  if (!definition) return values;
  for (const [key, value] of Object.entries(definition)) {
    if (Array.isArray(value)) values.set(key, value.join(', '));
    else if (typeof value === 'string') values.set(key, value);
  }
  return values;
}

/** The request body of the form's values for `kind` (synonyms split on commas; an empty optional filter is null). */
function bodyOf(kind: KnowledgeDefinitionKind, values: Map<string, string>, scope: string): KnowledgeDefinitionBody {
  const body = new Map<string, unknown>([['kind', kind]]);
  for (const field of FIELDS.get(kind) ?? []) {
    const text = (values.get(field.name) ?? '').trim();
    if (field.name === 'synonyms')
      body.set(
        'synonyms',
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (field.name === 'filter') body.set('filter', text || null);
    else body.set(field.name, text);
  }
  if (kind === 'instruction') body.set('scope', scope);
  return Object.fromEntries(body) as unknown as KnowledgeDefinitionBody;
}

/**
 * Create a definition (POST /api/knowledge/definitions) or edit one (PATCH, a new version). The server checks it as
 * it checks any definition (docs/knowledge.md): a 400 shows its message, and each field's problems under that field.
 */
export function DefinitionForm({
  definition,
  onSaved,
  onCancel,
}: {
  definition: KnowledgeDefinition | null;
  onSaved(saved: KnowledgeDefinition): void;
  onCancel(): void;
}) {
  const { client } = useApi();
  const [kind, setKind] = useState<KnowledgeDefinitionKind>(definition?.kind ?? 'metric');
  const [values, setValues] = useState(() => initialValues(definition));
  const [scope, setScope] = useState(definition?.kind === 'instruction' ? definition.scope : 'sql');
  const [error, setError] = useState<{ message: string; fields: Map<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(kind, values, scope);
      onSaved(definition ? await client.updateDefinition(definition.id, body) : await client.createDefinition(body));
    } catch (err) {
      const fields = new Map<string, string>();
      const details = err instanceof ApiError && Array.isArray(err.details) ? err.details : [];
      for (const d of details) fields.set(d.field, d.problems.join('; '));
      setError({ message: err instanceof ApiError ? err.message : String(err), fields });
    } finally {
      setBusy(false);
    }
  }

  const fieldId = (name: string) => `definition-${name}`;
  return (
    <form className="card form" onSubmit={submit} aria-label={definition ? 'Edit definition' : 'New definition'}>
      <h2>{definition ? `Edit ${definition.kind}` : 'New definition'}</h2>
      {error && (
        <p className="error-text" role="alert" data-testid="definition-form-error">
          {error.message}
        </p>
      )}
      {!definition && (
        <label>
          Kind
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as KnowledgeDefinitionKind)}
            data-testid="definition-kind"
          >
            {KNOWLEDGE_DEFINITION_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
      )}
      {(FIELDS.get(kind) ?? []).map((field) => (
        <label key={field.name} htmlFor={fieldId(field.name)}>
          {field.label}
          {field.long ? (
            <textarea
              id={fieldId(field.name)}
              rows={2}
              value={values.get(field.name) ?? ''}
              onChange={(e) => setValues(new Map(values).set(field.name, e.target.value))}
              data-testid={fieldId(field.name)}
            />
          ) : (
            <input
              id={fieldId(field.name)}
              value={values.get(field.name) ?? ''}
              onChange={(e) => setValues(new Map(values).set(field.name, e.target.value))}
              data-testid={fieldId(field.name)}
            />
          )}
          {error?.fields.has(field.name) && (
            <span className="error-text field-error" role="alert" data-testid={`definition-problem-${field.name}`}>
              {error.fields.get(field.name)}
            </span>
          )}
        </label>
      ))}
      {kind === 'instruction' && (
        <label>
          Scope
          <select value={scope} onChange={(e) => setScope(e.target.value as 'sql' | 'answer')}>
            <option value="sql">sql (guides the SQL)</option>
            <option value="answer">answer (guides the wording)</option>
          </select>
        </label>
      )}
      <div className="row">
        <button type="submit" disabled={busy} data-testid="definition-save">
          {busy ? 'Saving…' : definition ? 'Save new version' : 'Create'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
