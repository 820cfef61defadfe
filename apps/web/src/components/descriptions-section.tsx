import type { SchemaTableView } from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error';
import { isForbiddenError } from '../lib/forbidden';
import { descriptionRows, type DescriptionRow } from '../lib/descriptions';
import { useLoad } from '../lib/use-load';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/** Most description definitions listed: the largest page of GET /api/knowledge/definitions. */
const MAX_DESCRIPTIONS = 100;

/** The form's fields. */
interface DescriptionDraft {
  table: string;
  column: string;
  text: string;
}

const EMPTY: DescriptionDraft = { table: '', column: '', text: '' };

/**
 * The descriptions of the active connection's tables and columns (docs/knowledge.md "Descriptions"; docs/web-app.md
 * "Knowledge"): a list with each one's origin (typed, dbt, database comment), a form to add or change one (table,
 * optional column, text; saved as a `description` definition, checked by the API, whose 400 shows on the form), and
 * Delete for a typed or dbt one. A description saved for a target that has one is a new version of it.
 */
export function DescriptionsSection({ onChanged }: { onChanged(): void }) {
  const { client, me } = useApi();
  const toast = useToast();
  const [draft, setDraft] = useState<DescriptionDraft>(EMPTY);
  const loaded = useLoad(
    async () => {
      const connections = await client.connections();
      const active = connections.find((c) => c.active);
      const [defs, schema] = await Promise.all([
        client.definitions({ kind: 'description', page_size: MAX_DESCRIPTIONS }),
        active ? client.connectionSchema(active.id) : Promise.resolve(null),
      ]);
      return { defs: defs.items, tables: schema?.tables ?? [] };
    },
    [client, me?.user_id],
    isForbiddenError,
  );
  if (isForbiddenError(loaded.error)) return null;
  const tables = loaded.data?.tables ?? [];
  const rows = loaded.data ? descriptionRows(loaded.data.defs, tables) : [];
  const changed = () => {
    loaded.reload();
    onChanged();
  };

  async function remove(row: DescriptionRow) {
    if (!row.id) return;
    try {
      await client.deleteDefinition(row.id);
      toast.push('success', 'Description deleted', row.target);
    } catch (err) {
      toast.error(err, 'Cannot delete');
    }
    changed();
  }

  return (
    <>
      <div className="page-head">
        <h2>Descriptions</h2>
      </div>
      <DescriptionForm tables={tables} rows={rows} draft={draft} onDraft={setDraft} onSaved={changed} />
      <DescriptionList
        rows={rows}
        onEdit={(r) => setDraft({ table: r.table, column: r.column ?? '', text: r.text })}
        onDelete={remove}
      />
    </>
  );
}

/**
 * Add or change the description of a table or column: a `description` definition, created, or a new version of the
 * one the target has. The API checks the target (400 on `target` for an unknown table or column), shown on the form.
 */
function DescriptionForm({
  tables,
  rows,
  draft,
  onDraft,
  onSaved,
}: {
  tables: readonly SchemaTableView[];
  rows: readonly DescriptionRow[];
  draft: DescriptionDraft;
  onDraft(draft: DescriptionDraft): void;
  onSaved(): void;
}) {
  const { error, busy, save } = useDescriptionSave(rows, draft, onDraft, onSaved);
  const columns = tables.find((t) => t.name === draft.table.trim())?.columns ?? [];

  return (
    <form className="card form" onSubmit={save} aria-label="Describe a table or column" data-testid="description-form">
      {error && (
        <p className="error-text" role="alert" data-testid="description-form-error">
          {error.message}
        </p>
      )}
      <SuggestInput
        id="description-table"
        label="Table"
        value={draft.table}
        options={tables.map((t) => t.name)}
        onChange={(table) => onDraft({ ...draft, table })}
        required
      />
      <SuggestInput
        id="description-column"
        label="Column (optional: empty describes the table)"
        value={draft.column}
        options={columns.map((c) => c.name)}
        onChange={(column) => onDraft({ ...draft, column })}
      />
      {error?.target && (
        <span className="error-text field-error" role="alert" data-testid="description-problem-target">
          {error.target}
        </span>
      )}
      <label htmlFor="description-text">
        Text
        <textarea
          id="description-text"
          rows={2}
          value={draft.text}
          onChange={(e) => onDraft({ ...draft, text: e.target.value })}
          data-testid="description-text"
          required
        />
      </label>
      <div className="row">
        <button type="submit" disabled={busy} data-testid="description-save">
          {busy ? 'Saving…' : 'Save description'}
        </button>
      </div>
    </form>
  );
}

/**
 * Saving the description form: a new version of the description the target has (matched case-insensitively), else a
 * new `description` definition; on success the draft is emptied, on failure `error` holds the API's message and the
 * problems of `target`.
 */
function useDescriptionSave(
  rows: readonly DescriptionRow[],
  draft: DescriptionDraft,
  onDraft: (draft: DescriptionDraft) => void,
  onSaved: () => void,
) {
  const { client } = useApi();
  const toast = useToast();
  const [error, setError] = useState<{ message: string; target: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const table = draft.table.trim();
    const column = draft.column.trim();
    const target = column ? `${table}.${column}` : table;
    const existing = rows.find((r) => r.id !== null && r.target.toLowerCase() === target.toLowerCase());
    setBusy(true);
    setError(null);
    try {
      if (existing?.id) await client.updateDefinition(existing.id, { text: draft.text });
      else await client.createDefinition({ kind: 'description', target, text: draft.text });
      toast.push('success', 'Description saved', target);
      onDraft(EMPTY);
      onSaved();
    } catch (err) {
      setError(saveError(err));
    } finally {
      setBusy(false);
    }
  }

  return { error, busy, save };
}

/** A failed save's message, and the problems of its `target` (an unknown table or column) when it has them. */
function saveError(err: unknown): { message: string; target: string | null } {
  const problems = err instanceof ApiError && Array.isArray(err.details) ? err.details : [];
  const onTarget = problems.find((d) => d.field === 'target');
  return {
    message: err instanceof ApiError ? err.message : String(err),
    target: onTarget ? onTarget.problems.join('; ') : null,
  };
}

/** A text input with a list of suggestions (any text may be typed: the API checks it). */
function SuggestInput(props: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
  required?: boolean;
}) {
  return (
    <>
      <label htmlFor={props.id}>
        {props.label}
        <input
          id={props.id}
          list={`${props.id}-options`}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.id}
          required={props.required}
          autoComplete="off"
        />
      </label>
      <datalist id={`${props.id}-options`}>
        {props.options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </>
  );
}

/** The descriptions as a table: target, text, origin, and Edit / Delete for those that are definitions. */
function DescriptionList({
  rows,
  onEdit,
  onDelete,
}: {
  rows: DescriptionRow[];
  onEdit(row: DescriptionRow): void;
  onDelete(row: DescriptionRow): void;
}) {
  if (rows.length === 0) return <p className="muted">No descriptions of this connection's tables yet.</p>;
  return (
    <div className="table-wrap">
      <table className="data" data-testid="descriptions-table">
        <thead>
          <tr>
            <th scope="col">Table or column</th>
            <th scope="col">Description</th>
            <th scope="col">Origin</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.target}:${r.origin}`} data-testid="description-row">
              <td>
                <code>{r.target}</code>
              </td>
              <td>{r.text}</td>
              <td data-testid="description-origin">{r.origin}</td>
              <td className="actions">
                {r.id && (
                  <>
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() => onEdit(r)}
                      data-testid="description-edit"
                    >
                      Edit
                    </button>{' '}
                    <button
                      type="button"
                      className="small danger"
                      onClick={() => onDelete(r)}
                      data-testid="description-delete"
                    >
                      Delete
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
