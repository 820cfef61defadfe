import type { Benchmark, VerifiedExample } from '@nlq/contracts';
import { formatTime } from '../lib/format';
import { AddToBenchmark } from './add-to-benchmark';

export interface ExamplesTableProps {
  items: VerifiedExample[];
  /** Id of the example being decided (its buttons are disabled), or null. */
  busy: string | null;
  /** All benchmarks, or null while loading; "Add to benchmark" offers those of the example's connection. */
  benchmarks: Benchmark[] | null;
  onDecide(id: string, decision: 'promote' | 'reject'): void;
}

/** The verified examples table of the knowledge page: question, SQL, reason, update time and actions. */
export function ExamplesTable(props: ExamplesTableProps) {
  return (
    <div className="table-wrap">
      <table className="data" data-testid="examples-table">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">SQL</th>
            <th scope="col">Reason</th>
            <th scope="col">Updated</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((x) => (
            <tr key={x.id} data-testid="example-row">
              <td>{x.question}</td>
              <td>
                <code>{x.sql}</code>
              </td>
              <td>{x.reason ?? ''}</td>
              <td>{formatTime(x.updated_at)}</td>
              <td className="actions">
                <ExampleActions example={x} busy={props.busy} benchmarks={props.benchmarks} onDecide={props.onDecide} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Promote (candidates), Reject (all but rejected) and "Add to benchmark" (verified, once benchmarks are loaded). */
function ExampleActions({
  example: x,
  busy,
  benchmarks,
  onDecide,
}: Omit<ExamplesTableProps, 'items'> & { example: VerifiedExample }) {
  return (
    <>
      {x.status === 'candidate' && (
        <button
          type="button"
          className="small"
          disabled={busy === x.id}
          onClick={() => onDecide(x.id, 'promote')}
          data-testid="example-promote"
        >
          Promote
        </button>
      )}
      {x.status !== 'rejected' && (
        <button
          type="button"
          className="small danger"
          disabled={busy === x.id}
          onClick={() => onDecide(x.id, 'reject')}
          data-testid="example-reject"
        >
          Reject
        </button>
      )}
      {x.status === 'verified' && benchmarks && (
        <AddToBenchmark
          benchmarks={benchmarks.filter((b) => b.connection_id === x.connection_id)}
          source={{ example_id: x.id }}
        />
      )}
    </>
  );
}
