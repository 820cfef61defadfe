import type { ScheduleCondition } from '@nlq/contracts';
import type { FieldProblems } from '../../platform/common/api.exception';
import { cronProblem, timezoneProblem } from '../benchmarks/benchmark-schedule';
import { checkCondition, checkDeliver, isProblems, type DeliveryTarget, type TargetSettings } from './schedule-input';

/** Longest schedule name, in characters. */
export const MAX_SCHEDULE_NAME = 128;

/** The fields of a create or update request, checked; absent fields stay undefined. */
export interface ScheduleFields {
  savedId?: string;
  boardId?: string;
  name?: string;
  cron?: string;
  timezone?: string;
  enabled?: boolean;
  targets?: DeliveryTarget[];
  condition?: ScheduleCondition | null;
}

type Body = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

/** The id fields: exactly one of `saved_id` and `board_id`, each a string of 1 to 64 characters. */
function checkSource(body: Body, problems: FieldProblems): Pick<ScheduleFields, 'savedId' | 'boardId'> {
  const given = (['saved_id', 'board_id'] as const).filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length !== 1) {
    problems.push({ field: 'body', problems: ['give exactly one of saved_id and board_id'] });
    return {};
  }
  const key = given[0] as 'saved_id' | 'board_id';
  const id = text(body[key]);
  if (!id || id.length > 64) {
    problems.push({ field: key, problems: ['must be an id of 1 to 64 characters'] });
    return {};
  }
  return key === 'saved_id' ? { savedId: id } : { boardId: id };
}

/** cron and timezone (each checked when present; both required on create), name and enabled. */
function checkCommon(body: Body, create: boolean, problems: FieldProblems): ScheduleFields {
  const fields: ScheduleFields = {};
  if (body.name !== undefined) {
    const name = text(body.name);
    if (!name || name.length > MAX_SCHEDULE_NAME)
      problems.push({
        field: 'name',
        problems: [`must be a non-blank text of at most ${MAX_SCHEDULE_NAME} characters`],
      });
    else fields.name = name;
  }
  if (body.enabled !== undefined) {
    if (typeof body.enabled !== 'boolean') problems.push({ field: 'enabled', problems: ['must be true or false'] });
    else fields.enabled = body.enabled;
  }
  const zone = body.timezone !== undefined || create ? (text(body.timezone) ?? '') : undefined;
  const zoneProblem = zone === undefined ? null : timezoneProblem(zone);
  if (zoneProblem) problems.push({ field: 'timezone', problems: [zoneProblem] });
  else fields.timezone = zone;
  const cron = body.cron !== undefined || create ? (text(body.cron) ?? '') : undefined;
  const cronIssue = cron === undefined ? null : cronProblem(cron, zone && !zoneProblem ? zone : 'UTC');
  if (cronIssue) problems.push({ field: 'cron', problems: [cronIssue] });
  else fields.cron = cron;
  return fields;
}

/**
 * A POST /api/schedules or PATCH /api/schedules/{id} body, checked (docs/http-api.md "Schedules and alerts"): on
 * create, exactly one of saved_id and board_id, `cron`, `timezone` and `deliver` are required; on update every
 * field is optional and saved_id and board_id may not change. Answers the fields, or every problem at once.
 */
export function checkScheduleBody(
  body: Body,
  create: boolean,
  settings: TargetSettings,
): ScheduleFields | FieldProblems {
  const problems: FieldProblems = [];
  const fields = checkCommon(body, create, problems);
  if (create) Object.assign(fields, checkSource(body, problems));
  else
    for (const key of ['saved_id', 'board_id'])
      if (body[key] !== undefined)
        problems.push({ field: key, problems: ['cannot be changed; create a new schedule'] });
  if (body.deliver !== undefined || create) {
    const targets = checkDeliver(body.deliver, settings);
    if (isProblems(targets)) problems.push(...targets);
    else fields.targets = targets;
  }
  if (body.condition !== undefined) {
    const condition = checkCondition(body.condition);
    if (isProblems(condition)) problems.push(...condition);
    else fields.condition = condition;
  }
  return problems.length > 0 ? problems : fields;
}
