import type { ConnectionSchemaResponse, SchemaColumnView, SchemaTableView } from '@nlq/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from './api-provider';

export interface SchemaPanelProps {
  connectionId: string | null;
  /** A table or column name was clicked: the page inserts it into the question. */
  onInsert(name: string): void;
  onClose(): void;
}

/** Tables whose name, or one of whose columns' names, contains `term` (case-insensitive); every table for ''. */
export function filterTables(tables: readonly SchemaTableView[], term: string): SchemaTableView[] {
  const t = term.trim().toLowerCase();
  if (!t) return [...tables];
  return tables.flatMap((table) => {
    if (table.name.toLowerCase().includes(t)) return [table];
    const columns = table.columns.filter((c) => c.name.toLowerCase().includes(t));
    return columns.length ? [{ ...table, columns }] : [];
  });
}

/**
 * The schema panel: the connection's tables and columns from GET /api/connections/{id}/schema,
 * with their types and keys, a search over table and column names, and a click on a name inserting it into the
 * question (data-testid schema-table / schema-column, each with data-name).
 */
export function SchemaPanel({ connectionId, onInsert, onClose }: SchemaPanelProps) {
  const { schema, error } = useConnectionSchema(connectionId);
  const [term, setTerm] = useState('');
  const tables = useMemo(() => filterTables(schema?.tables ?? [], term), [schema, term]);

  return (
    <aside className="schema-panel" aria-label="Tables and columns" data-testid="schema-panel">
      <div className="schema-head">
        <strong>Tables</strong>
        <button type="button" className="link small-text" onClick={onClose} data-testid="schema-close">
          Close
        </button>
      </div>
      <label htmlFor="schema-search" className="sr-only">
        Search tables and columns
      </label>
      <input
        id="schema-search"
        type="search"
        placeholder="Search tables and columns"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        data-testid="schema-search"
      />
      {error && <p className="error-text small-text">{error}</p>}
      {!schema && !error && <p className="muted small-text">Loading…</p>}
      {schema && tables.length === 0 && <p className="muted small-text">Nothing matches “{term}”.</p>}
      <ul className="schema-tables">
        {tables.map((t) => (
          <SchemaTable key={`${t.schema ?? ''}.${t.name}`} table={t} onInsert={onInsert} />
        ))}
      </ul>
    </aside>
  );
}

/**
 * The schema of connection `connectionId` (GET /api/connections/{id}/schema): null while it loads (and with no
 * connection), or the failure's message as `error`. Answers of an earlier connection are dropped.
 */
function useConnectionSchema(connectionId: string | null) {
  const { client } = useApi();
  const [schema, setSchema] = useState<ConnectionSchemaResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!connectionId) return;
    let live = true;
    setSchema(null);
    setError(null);
    client.connectionSchema(connectionId).then(
      (s) => live && setSchema(s),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [client, connectionId]);

  return { schema, error };
}

/** One table of the panel: its name (a click inserts it; marked when a view) and its columns. */
function SchemaTable({ table: t, onInsert }: { table: SchemaTableView; onInsert(name: string): void }) {
  return (
    <li>
      <button
        type="button"
        className="link schema-table"
        onClick={() => onInsert(t.name)}
        data-testid="schema-table"
        data-name={t.name}
        title={t.description ? `Insert ${t.name}: ${t.description}` : `Insert ${t.name}`}
      >
        {t.name}
      </button>
      {t.kind === 'view' && <span className="muted small-text"> view</span>}
      <ul className="schema-columns">
        {t.columns.map((c) => (
          <SchemaColumn key={c.name} column={c} onInsert={onInsert} />
        ))}
      </ul>
    </li>
  );
}

/** One column: its name (a click inserts it), its type, key and the table it references, and its description. */
function SchemaColumn({ column: c, onInsert }: { column: SchemaColumnView; onInsert(name: string): void }) {
  return (
    <li>
      <button
        type="button"
        className="link"
        onClick={() => onInsert(c.name)}
        data-testid="schema-column"
        data-name={c.name}
        title={c.description ? `Insert ${c.name}: ${c.description}` : `Insert ${c.name}`}
      >
        {c.name}
      </button>{' '}
      <span className="muted small-text">
        {c.type.toLowerCase()}
        {c.primary_key ? ' · key' : ''}
        {c.references ? ` → ${c.references.table}` : ''}
      </span>
      {c.description && (
        <div className="muted small-text" data-testid="schema-column-description">
          {c.description}
        </div>
      )}
    </li>
  );
}
