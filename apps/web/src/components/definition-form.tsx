import {
  KNOWLEDGE_DEFINITION_KINDS,
  type KnowledgeDefinition,
  type KnowledgeDefinitionBody,
  type KnowledgeDefinitionKind,
} from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from './api-provider';
import { useRole } from './role-gate';

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
 * The message and the problems by field of a failed save; a problem of a field the form does not show (the body, the
 * kind) stays in the message.
 */
function formError(err: unknown, kind: KnowledgeDefinitionKind): { message: string; fields: Map<string, string> } {
  const fields = new Map<string, string>();
  const details = err instanceof ApiError && Array.isArray(err.details) ? err.details : [];
  for (const d of details) fields.set(d.field, d.problems.join('; '));
  const shown = new Set((FIELDS.get(kind) ?? []).map((f) => f.name));
  const elsewhere = details.some((d) => !shown.has(d.field));
  const message = err instanceof ApiError ? (elsewhere ? err.describe() : err.message) : String(err);
  return { message, fields };
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
  // an analyst's new definition is a proposal (docs/knowledge.md "Proposals")
  const title = useRole().allows('admin') ? 'New definition' : 'Propose a definition';
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
      setError(formError(err, kind));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-label={definition ? 'Edit definition' : 'New definition'}>
      <h2>{definition ? `Edit ${definition.kind}` : title}</h2>
      {error && (
        <p className="error-text" role="alert" data-testid="definition-form-error">
          {error.message}
        </p>
      )}
      {!definition && <KindSelect kind={kind} onChange={setKind} />}
      {(FIELDS.get(kind) ?? []).map((field) => (
        <DefinitionField
          key={field.name}
          field={field}
          value={values.get(field.name) ?? ''}
          problem={error?.fields.get(field.name) ?? null}
          onChange={(text) => setValues(new Map(values).set(field.name, text))}
        />
      ))}
      {kind === 'instruction' && <ScopeSelect scope={scope} onChange={setScope} />}
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

/** The kind of a new definition (an edit keeps its kind). */
function KindSelect({
  kind,
  onChange,
}: {
  kind: KnowledgeDefinitionKind;
  onChange(kind: KnowledgeDefinitionKind): void;
}) {
  return (
    <label>
      Kind
      <select
        value={kind}
        onChange={(e) => onChange(e.target.value as KnowledgeDefinitionKind)}
        data-testid="definition-kind"
      >
        {KNOWLEDGE_DEFINITION_KINDS.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
    </label>
  );
}

/** The scope of an instruction: guides the SQL or the wording of the answer (docs/knowledge.md "Definitions"). */
function ScopeSelect({ scope, onChange }: { scope: 'sql' | 'answer'; onChange(scope: 'sql' | 'answer'): void }) {
  return (
    <label>
      Scope
      <select value={scope} onChange={(e) => onChange(e.target.value as 'sql' | 'answer')}>
        <option value="sql">sql (guides the SQL)</option>
        <option value="answer">answer (guides the wording)</option>
      </select>
    </label>
  );
}

/** One text field of the form with the API's problem for it underneath. */
function DefinitionField({
  field,
  value,
  problem,
  onChange,
}: {
  field: { name: string; label: string; long?: boolean };
  value: string;
  problem: string | null;
  onChange(text: string): void;
}) {
  const id = `definition-${field.name}`;
  return (
    <label htmlFor={id}>
      {field.label}
      {field.long ? (
        <textarea id={id} rows={2} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id} />
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id} />
      )}
      {problem && (
        <span className="error-text field-error" role="alert" data-testid={`definition-problem-${field.name}`}>
          {problem}
        </span>
      )}
    </label>
  );
}
