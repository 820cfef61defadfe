import type {
  CreateScheduleRequest,
  Schedule,
  ScheduleList,
  ScheduleRun,
  ScheduleRunList,
  UpdateScheduleRequest,
} from '@nlq/contracts';
import type { ApiClient } from './client';

const path = (id: string) => `/api/schedules/${encodeURIComponent(id)}`;

/**
 * The /api/schedules calls of the web app (docs/http-api.md "Schedules and alerts"), over the client's JSON
 * request: webhook URLs are sent in full and answered as scheme and host only.
 */
export const schedulesApi = {
  /** GET /api/schedules: the caller's schedules (admin: everyone's), newest first. */
  list: (client: ApiClient): Promise<ScheduleList> => client.request('GET', '/api/schedules'),
  /** POST /api/schedules (analyst or stronger): 400 with the fields, 403 for a viewer. */
  create: (client: ApiClient, body: CreateScheduleRequest): Promise<Schedule> =>
    client.request('POST', '/api/schedules', { body }),
  /** PATCH /api/schedules/{id}. */
  update: (client: ApiClient, id: string, body: UpdateScheduleRequest): Promise<Schedule> =>
    client.request('PATCH', path(id), { body }),
  /** DELETE /api/schedules/{id}: the schedule and its run history. */
  remove: (client: ApiClient, id: string): Promise<void> => client.request('DELETE', path(id)),
  /** POST /api/schedules/{id}/run: the pending run (202); its history shows the delivery. */
  runNow: (client: ApiClient, id: string): Promise<ScheduleRun> => client.request('POST', `${path(id)}/run`),
  /** GET /api/schedules/{id}/runs: the run history, latest first. */
  runs: (client: ApiClient, id: string): Promise<ScheduleRunList> => client.request('GET', `${path(id)}/runs`),
};
