import { formatDuration } from '../lib/format';
import type { StageState } from '../lib/stage-events';
import { stageTotalMs } from '../lib/stage-summary';

export type { StageState } from '../lib/stage-events';

function StageList({ stages, running }: { stages: StageState[]; running: boolean }) {
  return (
    <ol
      className="stages"
      aria-label="Pipeline stages"
      aria-live={running ? 'polite' : undefined}
      data-testid="stage-progress"
    >
      {stages.map((s) => (
        <li
          key={s.stage}
          className={`stage ${s.running ? 'stage-running' : `stage-${s.outcome ?? 'ok'}`}`}
          data-testid="stage"
          data-stage={s.stage}
        >
          <span className="stage-name">{s.stage}</span>
          <span className="stage-time">
            {s.running ? <span className="spinner" aria-label="running" /> : formatDuration(s.durationMs)}
          </span>
        </li>
      ))}
      {running && stages.length === 0 && <li className="stage stage-running muted">waiting for the first stage…</li>}
    </ol>
  );
}

/**
 * Stage progress of a question: the stages as they arrive (name, spinner or duration) only while it
 * runs; once it has finished, one line with the total time and the number of steps, the stages a click away (a
 * closed <details>, data-testid stage-summary) and in the trace. `elapsedMs`: the wall time the page measured.
 */
export function StageProgress({
  stages,
  running,
  elapsedMs,
}: {
  stages: StageState[];
  running: boolean;
  elapsedMs?: number;
}) {
  if (running) return <StageList stages={stages} running />;
  if (stages.length === 0) return null;
  const total = stageTotalMs(stages, elapsedMs);
  return (
    <details className="stage-summary" data-testid="stage-summary">
      <summary className="muted small-text">
        Done in {formatDuration(total)} · {stages.length} step{stages.length === 1 ? '' : 's'}
      </summary>
      <StageList stages={stages} running={false} />
    </details>
  );
}
