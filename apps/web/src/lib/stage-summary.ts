import type { StageState } from './stage-events';

/**
 * One line for a finished question's stages: the wall time the page measured when known, else the
 * sum of the stage durations, and the number of steps; e.g. "Done in 1.24 s · 11 steps". Null without stages.
 */
export function stageTotalMs(stages: readonly StageState[], wallMs?: number): number | null {
  if (typeof wallMs === 'number' && Number.isFinite(wallMs)) return wallMs;
  const timed = stages.filter((s) => typeof s.durationMs === 'number');
  return timed.length ? timed.reduce((sum, s) => sum + (s.durationMs ?? 0), 0) : null;
}
