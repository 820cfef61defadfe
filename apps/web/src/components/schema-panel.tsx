import type { ConnectionSchemaResponse, SchemaTableView } from '@nlq/contracts';
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
  const { client } = useApi();
  const [schema, setSchema] = useState<ConnectionSchemaResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [term, setTerm] = useState('');

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
          <li key={`${t.schema ?? ''}.${t.name}`}>
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
                <li key={c.name}>
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
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </aside>
  );
}
