import type { SpanOutcome } from '@nlq/contracts';

/** One pipeline stage as heard on /ws/live: running until stage.finished arrives with its duration. */
export interface StageState {
  stage: string;
  running: boolean;
  durationMs?: number;
  outcome?: SpanOutcome | string;
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
