import type { KnowledgeDefinition } from '@nlq/contracts';
import { useState } from 'react';
import { definitionMeaning, definitionName } from '../lib/knowledge';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import { useApi } from './api-provider';
import { useRole } from './role-gate';
import { useToast } from './toasts';

/**
 * The open proposals of the active connection (docs/knowledge.md "Proposals"): analysts' definitions waiting for an
 * admin, never used at question time. Admins get Accept and Reject on each; analysts see the list. `reloadKey`
 * changes when a new proposal was saved; `onDecided` is called after an accept (the live definitions changed).
 */
export function DefinitionProposals({ reloadKey, onDecided }: { reloadKey: number; onDecided(): void }) {
  const { client, me } = useApi();
  const { allows } = useRole();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const proposals = useLoad(
    () => client.definitions({ status: 'proposed', page_size: 100 }),
    [client, me?.user_id, reloadKey],
  );

  async function decide(id: string, decision: 'accept' | 'reject') {
    setBusy(id);
    try {
      const done = await client.decideDefinition(id, decision);
      toast.push('success', decision === 'accept' ? 'Proposal accepted' : 'Proposal rejected', definitionName(done));
      if (decision === 'accept') onDecided();
    } catch (err) {
      toast.error(err, decision === 'accept' ? 'Cannot accept' : 'Cannot reject');
    } finally {
      setBusy(null);
      proposals.reload();
    }
  }

  const items = proposals.data?.items ?? [];
  return (
    <section className="knowledge-section" aria-labelledby="proposals-title" data-testid="definition-proposals">
      <h2 id="proposals-title">Proposals</h2>
      {proposals.data && items.length === 0 && <p className="muted">No open proposals.</p>}
      {items.length > 0 && (
        <div className="table-wrap">
          <table className="data" data-testid="proposals-table">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Name</th>
                <th scope="col">Meaning</th>
                <th scope="col">Proposed</th>
                {allows('admin') && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <ProposalRow
                  key={d.id}
                  proposal={d}
                  admin={allows('admin')}
                  busy={busy === d.id}
                  onDecide={(decision) => void decide(d.id, decision)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One proposal: kind, name, meaning, who proposed it when, and (admins) Accept and Reject. */
function ProposalRow({
  proposal: d,
  admin,
  busy,
  onDecide,
}: {
  proposal: KnowledgeDefinition;
  admin: boolean;
  /** This proposal is being decided: its buttons are disabled. */
  busy: boolean;
  onDecide(decision: 'accept' | 'reject'): void;
}) {
  return (
    <tr data-testid="proposal-row">
      <td>{d.kind}</td>
      <td>{definitionName(d)}</td>
      <td>
        <code>{definitionMeaning(d)}</code>
      </td>
      <td>
        {d.updated_by} · {formatTime(d.updated_at)}
      </td>
      {admin && (
        <td className="actions">
          <button
            type="button"
            className="small"
            disabled={busy}
            onClick={() => onDecide('accept')}
            data-testid="proposal-accept"
          >
            Accept
          </button>
          <button
            type="button"
            className="small danger"
            disabled={busy}
            onClick={() => onDecide('reject')}
            data-testid="proposal-reject"
          >
            Reject
          </button>
        </td>
      )}
    </tr>
  );
}
