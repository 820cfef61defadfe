import { formatDuration } from '../lib/format';
import type { StageState } from '../lib/stage-events';

export type { StageState } from '../lib/stage-events';

/** Live stage progress of a running question: stage names in arrival order, a spinner or the duration. */
export function StageProgress({ stages, running }: { stages: StageState[]; running: boolean }) {
  if (stages.length === 0 && !running) return null;
  return (
    <ol className="stages" aria-label="Pipeline stages" aria-live="polite" data-testid="stage-progress">
      {stages.map((s) => (
        <li key={s.stage} className={`stage ${s.running ? 'stage-running' : `stage-${s.outcome ?? 'ok'}`}`} data-testid="stage" data-stage={s.stage}>
          <span className="stage-name">{s.stage}</span>
          <span className="stage-time">{s.running ? <span className="spinner" aria-label="running" /> : formatDuration(s.durationMs)}</span>
        </li>
      ))}
      {running && stages.length === 0 && <li className="stage stage-running muted">waiting for the first stage…</li>}
    </ol>
  );
}
