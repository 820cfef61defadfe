import { EXAMPLE_STATUSES, type ExampleStatus, type KnowledgeDefinition } from '@nlq/contracts';
import { useState } from 'react';
import { useApi } from '../components/api-provider';
import { DefinitionForm } from '../components/definition-form';
import { DefinitionsTable } from '../components/definitions-table';
import { DescriptionsSection } from '../components/descriptions-section';
import { DefinitionProposals } from '../components/definition-proposals';
import { ExamplesTable } from '../components/examples-table';
import { useRole } from '../components/role-gate';
import { Pager } from '../components/pager';
import { useToast } from '../components/toasts';
import { isForbiddenError } from '../lib/forbidden';
import { formatTime } from '../lib/format';
import { definitionLines, definitionName } from '../lib/knowledge';
import { lineDiff } from '../lib/line-diff';
import { useBenchmarks } from '../lib/use-benchmarks';
import { useLoad } from '../lib/use-load';

const PAGE_SIZE = 50;

/** A 403: the key in use is a user key, and the knowledge routes need the service key. */
export const isForbidden = isForbiddenError;

function ServiceKeyNeeded({ what }: { what: string }) {
  return (
    <p className="muted" role="note" data-testid="knowledge-forbidden">
      {what} need the service key; the key in use is a user key. Use “Change key” to enter the service key.
    </p>
  );
}

/** The versions of one definition, newest first, each with a line diff against the one before it. */
function DefinitionVersions({ definition }: { definition: KnowledgeDefinition }) {
  const { client } = useApi();
  const versions = useLoad(() => client.definitionVersions(definition.id), [client, definition.id, definition.version]);
  const items = versions.data?.items ?? [];
  return (
    <section
      className="card"
      aria-label={`Versions of ${definitionName(definition)}`}
      data-testid="definition-versions"
    >
      <h2>Versions of {definitionName(definition)}</h2>
      {versions.loading && !versions.data && <p className="muted">Loading…</p>}
      {[...items].reverse().map((v) => {
        const previous = items.find((p) => p.version === v.version - 1);
        const diff = lineDiff(previous ? definitionLines(previous) : '', definitionLines(v));
        return (
          <div key={v.version} className="version" data-testid="definition-version">
            <p className="small-text">
              <strong>v{v.version}</strong> {v.change} · {formatTime(v.updated_at)} · {v.updated_by}
            </p>
            <pre className="diff" data-testid="definition-diff">
              {diff.map((line, i) => (
                <div key={i} className={`diff-${line.op}`} data-testid={`diff-${line.op}`}>
                  {line.op === 'added' ? '+ ' : line.op === 'removed' ? '- ' : '  '}
                  {line.text}
                </div>
              ))}
            </pre>
          </div>
        );
      })}
    </section>
  );
}

/**
 * Definitions of the active connection, a table; one selected shows its versions; "New definition" and "Edit" open
 * the form (components/definition-form.tsx). Reloaded when the key changes.
 */
function Definitions({ changes }: { changes: number }) {
  const { client, me } = useApi();
  const toast = useToast();
  const admin = useRole().allows('admin');
  /** Bumped when a proposal was saved or accepted: the proposals and the live list are read again. */
  const [proposalsKey, setProposalsKey] = useState(0);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  /** The form shown: 'new', the id of the definition edited, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const defs = useLoad(
    () => client.definitions({ page, page_size: PAGE_SIZE }),
    [client, page, me?.user_id, changes, proposalsKey],
    isForbidden,
  );
  if (isForbidden(defs.error)) return <ServiceKeyNeeded what="Definitions" />;
  const data = defs.data;
  const chosen = data?.items.find((d) => d.id === selected) ?? null;
  return (
    <>
      <div className="page-head">
        <h2>Definitions</h2>
        <span className="row">
          <button type="button" onClick={() => setEditing('new')} data-testid="definition-new">
            {admin ? 'New definition' : 'Propose a definition'}
          </button>
          <button type="button" className="secondary" onClick={defs.reload}>
            Refresh
          </button>
        </span>
      </div>
      {editing !== null && (
        <DefinitionForm
          key={editing}
          definition={editing === 'new' ? null : (data?.items.find((d) => d.id === editing) ?? null)}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (saved.status === 'proposed') {
              toast.push('success', 'Proposed', 'An admin accepts or rejects it; it is not used until then.');
              setProposalsKey((k) => k + 1);
              return;
            }
            setSelected(saved.id);
            defs.reload();
          }}
        />
      )}
      <DefinitionProposals reloadKey={proposalsKey} onDecided={() => setProposalsKey((k) => k + 1)} />
      {defs.loading && !data && <p className="muted">Loading…</p>}
      {data && data.items.length === 0 && (
        <p className="muted">No definitions for the active connection yet (docs/knowledge.md).</p>
      )}
      {data && data.items.length > 0 && (
        <>
          <DefinitionsTable
            items={data.items}
            selected={selected}
            admin={admin}
            onSelect={setSelected}
            onEdit={setEditing}
          />
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={setPage}
            testId="definitions-pager"
          />
        </>
      )}
      {chosen && <DefinitionVersions definition={chosen} />}
    </>
  );
}

/**
 * Verified examples of the active connection in one status, with Promote (candidates) and Reject, and "Add to
 * benchmark" on a verified one.
 */
function Examples() {
  const { client, me } = useApi();
  const toast = useToast();
  const [status, setStatus] = useState<ExampleStatus>('candidate');
  const [busy, setBusy] = useState<string | null>(null);
  const examples = useLoad(() => client.examples(status), [client, status, me?.user_id], isForbidden);
  const benchmarks = useBenchmarks(null);

  async function decide(id: string, decision: 'promote' | 'reject') {
    setBusy(id);
    try {
      const done = await client.decideExample(id, decision);
      toast.push(
        'success',
        decision === 'promote' ? 'Example promoted' : 'Example rejected',
        `Now ${done.status.replace(/_/g, ' ')}.`,
      );
    } catch (err) {
      toast.error(err, decision === 'promote' ? 'Cannot promote' : 'Cannot reject');
    } finally {
      setBusy(null);
      examples.reload();
    }
  }

  if (isForbidden(examples.error)) return <ServiceKeyNeeded what="Verified examples" />;
  const items = examples.data?.items ?? [];
  return (
    <>
      <div className="page-head">
        <h2>Verified examples</h2>
        <div className="filters">
          <label htmlFor="example-status">Status</label>
          <select
            id="example-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ExampleStatus)}
            data-testid="example-status"
          >
            {EXAMPLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" onClick={examples.reload}>
            Refresh
          </button>
        </div>
      </div>
      {examples.loading && !examples.data && <p className="muted">Loading…</p>}
      {examples.data && items.length === 0 && <p className="muted">No {status.replace(/_/g, ' ')} examples.</p>}
      {items.length > 0 && (
        <ExamplesTable
          items={items}
          busy={busy}
          benchmarks={benchmarks.data}
          onDecide={(id, decision) => void decide(id, decision)}
        />
      )}
    </>
  );
}

/**
 * Page /knowledge: the governed knowledge of the active connection: definitions with the open proposals, the
 * descriptions of its tables and columns, and (admins) verified examples. Analysts propose definitions; admins create,
 * change and decide them (docs/knowledge.md "Proposals").
 */
export function KnowledgePage() {
  /** Counts the descriptions saved or deleted, so that the definitions table reloads. */
  const [changes, setChanges] = useState(0);
  const admin = useRole().allows('admin');
  return (
    <section aria-labelledby="knowledge-title">
      <div className="page-head">
        <h1 id="knowledge-title">Knowledge</h1>
      </div>
      <div className="knowledge-section">
        <Definitions changes={changes} />
      </div>
      <div className="knowledge-section">
        <DescriptionsSection onChanged={() => setChanges((n) => n + 1)} />
      </div>
      {admin && (
        <div className="knowledge-section">
          <Examples />
        </div>
      )}
    </section>
  );
}
