/**
 * Schedules and alerts (docs/http-api.md "Schedules and alerts"): a saved answer or a board re-run on a cron schedule
 * and delivered to webhooks (JSON, Slack, Teams) and by email, optionally only when a condition on the result holds.
 * A schedule belongs to the user who created it.
 */

/** Body shape of a webhook target in a request: the full URL (a secret: never answered back). */
export interface WebhookTargetRequest {
  type: 'webhook';
  url: string;
  format?: WebhookFormat;
}

/** Body shape of an email target: the recipients' addresses. */
export interface EmailTargetRequest {
  type: 'email';
  to: string[];
}

/** `json` (nlq's own message), `slack` (incoming webhook blocks), `teams` (Adaptive Card message). */
export type WebhookFormat = 'json' | 'slack' | 'teams';

export type DeliveryTargetRequest = WebhookTargetRequest | EmailTargetRequest;

/** A webhook target as answered: scheme and host only (`https://hooks.slack.com`), the rest withheld. */
export interface WebhookTargetView {
  type: 'webhook';
  url: string;
  url_set: true;
  format: WebhookFormat;
}

export type DeliveryTargetView = WebhookTargetView | EmailTargetRequest;

/** When a run sends: `not_empty` (at least one row), `below` / `above` (the result's first number vs `value`). */
export type ScheduleCondition = { type: 'not_empty' } | { type: 'below' | 'above'; value: number };

/** A schedule as GET/POST/PATCH /api/schedules answer it. */
export interface Schedule {
  id: string;
  name: string;
  /** The user who created it; its runs read under this user's role and attributes. */
  user_id: string;
  saved_id: string | null;
  board_id: string | null;
  /** 5-field cron expression or @hourly-style nickname (croner syntax). */
  cron: string;
  /** IANA time zone name. */
  timezone: string;
  enabled: boolean;
  deliver: DeliveryTargetView[];
  condition: ScheduleCondition | null;
  /** When the next run is due (ISO-8601 UTC); null when disabled. */
  next_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScheduleList {
  items: Schedule[];
}

/** How one target of a run fared. */
export interface ScheduleDeliveryStatus {
  type: 'webhook' | 'email';
  /** The redacted target: the webhook's scheme and host, or the email recipients. */
  target: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The last attempt's error (secrets and server paths scrubbed), null when none failed. */
  last_error: string | null;
  delivered_at: string | null;
}

/**
 * One run of a schedule: `pending` until delivered, `delivered`, `skipped` (condition not met: nothing sent) or
 * `failed` (the retries ran out).
 */
export interface ScheduleRun {
  id: string;
  schedule_id: string;
  /** The slot the run is for (ISO-8601 UTC); the request time for a run started by hand. */
  due_at: string;
  started_at: string;
  finished_at: string | null;
  /** Claimed more than a minute (or two scheduler intervals) after `due_at`: a slot missed while nothing ran. */
  late: boolean;
  trigger: 'schedule' | 'request';
  status: 'pending' | 'delivered' | 'skipped' | 'failed';
  /** null until the results were read; then true when the schedule has no condition or it holds. */
  condition_met: boolean | null;
  /** Why reading the results failed (scrubbed), or null. */
  error: string | null;
  deliveries: ScheduleDeliveryStatus[];
}

export interface ScheduleRunList {
  items: ScheduleRun[];
}

/** Body of POST /api/schedules: exactly one of `saved_id` and `board_id`. */
export interface CreateScheduleRequest {
  saved_id?: string;
  board_id?: string;
  name?: string;
  cron: string;
  timezone: string;
  enabled?: boolean;
  deliver: DeliveryTargetRequest[];
  condition?: ScheduleCondition | null;
}

/** Body of PATCH /api/schedules/{id}: `deliver` replaces the whole list (webhook URLs given again in full). */
export type UpdateScheduleRequest = Partial<
  Pick<CreateScheduleRequest, 'name' | 'cron' | 'timezone' | 'enabled' | 'deliver' | 'condition'>
>;
