import type { BenchmarkSchedule } from '@nlq/contracts';
import { Cron } from 'croner';
import type { FieldProblems } from '../../platform/common/api.exception';

/** Longest cron expression accepted, in characters. */
export const MAX_CRON_CHARS = 200;

/**
 * A schedule of a request or an imported document, checked (docs/http-api.md "Benchmarks", "Runs on a schedule"):
 * null or absent is no schedule; otherwise a mapping with `cron`, a cron expression of 5 fields (minute hour
 * day-of-month month day-of-week) or a nickname (`@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`) that fires
 * at least once more, and `timezone`, an IANA time zone name (`UTC`, `Europe/Paris`; the ECMAScript Intl time zone
 * database). Answers the trimmed schedule, or the problems with fields `${field}`, `${field}.cron`,
 * `${field}.timezone`. Cron syntax: croner (https://croner.56k.guru/usage/pattern/).
 */
export function checkSchedule(value: unknown, field = 'schedule'): BenchmarkSchedule | null | FieldProblems {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    return [{ field, problems: ['must be null or a mapping with cron and timezone'] }];
  const fields = new Map(Object.entries(value));
  const problems: FieldProblems = [];
  const unknown = [...fields.keys()].filter((k) => k !== 'cron' && k !== 'timezone');
  if (unknown.length > 0) problems.push({ field, problems: [`unknown fields: ${unknown.join(', ')}`] });
  const cron = text(fields.get('cron'));
  const timezone = text(fields.get('timezone'));
  const zoneProblem = timezoneProblem(timezone);
  if (zoneProblem) problems.push({ field: `${field}.timezone`, problems: [zoneProblem] });
  const cronIssue = cronProblem(cron, zoneProblem ? 'UTC' : timezone);
  if (cronIssue) problems.push({ field: `${field}.cron`, problems: [cronIssue] });
  return problems.length > 0 ? problems : { cron, timezone };
}

/** Whether a {@link checkSchedule} answer is its problems. */
export function isScheduleProblems(value: BenchmarkSchedule | null | FieldProblems): value is FieldProblems {
  return Array.isArray(value);
}

/**
 * The first time strictly after `from` the schedule fires, as an ISO-8601 UTC string, or null when it never fires
 * again. The schedule must have passed {@link checkSchedule}.
 */
export function nextDue(schedule: BenchmarkSchedule, from: Date): string | null {
  const next = new Cron(schedule.cron, { timezone: schedule.timezone, paused: true }).nextRun(from);
  return next ? next.toISOString() : null;
}

/**
 * Why `cron` is not an accepted expression in `timezone` (5 fields or a nickname, no seconds, fires at least once
 * more), or null. Used by {@link checkSchedule} and the schedules of /api/schedules.
 */
export function cronProblem(cron: string, timezone: string): string | null {
  const shape =
    'must be a cron expression of 5 fields (minute hour day-of-month month day-of-week) or @hourly, @daily, @weekly, @monthly, @yearly';
  if (cron === '' || cron.length > MAX_CRON_CHARS) return shape;
  if (!cron.startsWith('@') && cron.split(/\s+/).length !== 5) return shape;
  try {
    if (nextDue({ cron, timezone }, new Date()) === null) return 'never fires';
  } catch (error) {
    return `${shape}: ${(error as Error).message}`;
  }
  return null;
}

/** Why `timezone` is not an IANA time zone name the runtime knows, or null. */
export function timezoneProblem(timezone: string): string | null {
  const problem = 'must be an IANA time zone name such as UTC or Europe/Paris';
  if (timezone === '' || timezone.length > 64) return problem;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return null;
  } catch {
    return `${problem}; "${timezone}" is unknown`;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
