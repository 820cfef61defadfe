/**
 * The /docs examples of the schedule schemas (application/openapi-examples.ts sets them on the document): a weekly
 * schedule of a saved answer to a Slack webhook (its URL redacted to scheme and host) and an email, and a delivered
 * run.
 */

const AT = '2026-11-25T21:00:17.850Z';
const SCHEDULE_ID = '0b7e4a12-6c3d-4e5f-8a9b-0c1d2e3f4a5b';

const schedule = {
  id: SCHEDULE_ID,
  name: 'Orders by status',
  user_id: 'alice',
  saved_id: '7d2f9e41-3b6a-4c8d-9e0f-1a2b3c4d5e6f',
  board_id: null,
  cron: '0 8 * * 1',
  timezone: 'Europe/Berlin',
  enabled: true,
  deliver: [
    { type: 'webhook', url: 'https://hooks.slack.com', url_set: true, format: 'slack' },
    { type: 'email', to: ['ops@example.com'] },
  ],
  condition: { type: 'above', value: 1000 },
  next_run_at: '2026-11-30T07:00:00.000Z',
  created_at: AT,
  updated_at: AT,
};

const run = {
  id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  schedule_id: SCHEDULE_ID,
  due_at: '2026-11-23T07:00:00.000Z',
  started_at: '2026-11-23T07:00:12.204Z',
  finished_at: '2026-11-23T07:00:12.871Z',
  late: false,
  trigger: 'schedule',
  status: 'delivered',
  condition_met: true,
  error: null,
  deliveries: [
    {
      type: 'webhook',
      target: 'https://hooks.slack.com',
      status: 'delivered',
      attempts: 1,
      last_error: null,
      delivered_at: '2026-11-23T07:00:12.650Z',
    },
    {
      type: 'email',
      target: 'ops@example.com',
      status: 'delivered',
      attempts: 2,
      last_error: 'Connection timeout',
      delivered_at: '2026-11-23T07:00:12.871Z',
    },
  ],
};

/** Example of each schedule schema, by its name in the document. */
export const SCHEDULE_SCHEMA_EXAMPLES: ReadonlyArray<[string, unknown]> = [
  [
    'CreateScheduleDto',
    {
      saved_id: schedule.saved_id,
      name: schedule.name,
      cron: schedule.cron,
      timezone: schedule.timezone,
      enabled: true,
      deliver: [
        { type: 'webhook', url: 'https://hooks.slack.com/services/T000/B000/XXXX', format: 'slack' },
        { type: 'email', to: ['ops@example.com'] },
      ],
      condition: schedule.condition,
    },
  ],
  ['UpdateScheduleDto', { cron: '0 8 * * 1-5', enabled: true, condition: { type: 'not_empty' } }],
  ['ScheduleDto', schedule],
  ['ScheduleListDto', { items: [schedule] }],
  ['ScheduleRunDto', { ...run, finished_at: null, status: 'pending', condition_met: null, deliveries: [] }],
  ['ScheduleRunListDto', { items: [run] }],
];
