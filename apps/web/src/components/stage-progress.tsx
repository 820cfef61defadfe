import type { SpanOutcome } from '@nlq/contracts';
import { formatDuration } from '../lib/format';

/** One pipeline stage as heard on /ws/live: running until stage.finished arrives with its duration. */
export interface StageState {
  stage: string;
  running: boolean;
  durationMs?: number;
  outcome?: SpanOutcome | string;
}

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

/** Apply a stage.started / stage.finished event's data ({stage, durationMs?, outcome?}) to a stage list. */
export function applyStageEvent(stages: StageState[], type: string, data: Record<string, unknown>): StageState[] {
  const stage = typeof data.stage === 'string' ? data.stage : null;
  if (!stage) return stages;
  const idx = stages.findIndex((s) => s.stage === stage);
  if (type === 'stage.started') {
    const next: StageState = { stage, running: true };
    return idx >= 0 ? stages.map((s, i) => (i === idx ? next : s)) : [...stages, next];
  }
  if (type === 'stage.finished') {
    const done: StageState = {
      stage,
      running: false,
      durationMs: typeof data.durationMs === 'number' ? data.durationMs : undefined,
      outcome: typeof data.outcome === 'string' ? data.outcome : undefined,
    };
    return idx >= 0 ? stages.map((s, i) => (i === idx ? done : s)) : [...stages, done];
  }
  return stages;
}
