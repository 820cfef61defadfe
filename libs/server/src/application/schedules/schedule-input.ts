import type { EmailTargetRequest, ScheduleCondition, WebhookFormat } from '@nlq/contracts';
import type { FieldProblems } from '../../platform/common/api.exception';
import { deliveryUrlProblem } from './delivery-host-guard';

/** Most delivery targets of one schedule. */
export const MAX_TARGETS = 10;
/** Most recipients of one email target. */
export const MAX_RECIPIENTS = 50;
/** Longest webhook URL, in characters. */
export const MAX_URL_CHARS = 2048;
const FORMATS: readonly WebhookFormat[] = ['json', 'slack', 'teams'];
/** An address `local@domain.tld` without spaces, angle brackets, commas or quotes (no display names). */
const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** A webhook target as stored (encrypted) and delivered: the full URL and its format. */
export interface WebhookTarget {
  type: 'webhook';
  url: string;
  format: WebhookFormat;
}

/** A delivery target as stored inside the schedule's SecretBox token. */
export type DeliveryTarget = WebhookTarget | EmailTargetRequest;

/** What the target checks depend on. */
export interface TargetSettings {
  /** DELIVERY_ALLOWED_HOSTS (empty: any host but link-local and metadata). */
  allowedHosts: string[];
  /** SMTP_URL is set. */
  smtpConfigured: boolean;
}

/**
 * The `deliver` list of a request, checked (docs/http-api.md "Schedules and alerts"): 1 to {@link MAX_TARGETS}
 * targets, each `{ type: "webhook", url, format? }` (an http(s) URL the delivery guard allows; format `json`
 * (default), `slack` or `teams`) or `{ type: "email", to: [addresses] }` (1 to {@link MAX_RECIPIENTS}; SMTP_URL must
 * be set). Answers the targets, or problems with fields `deliver`, `deliver[i].url`, `deliver[i].to[j]`.
 */
export function checkDeliver(value: unknown, settings: TargetSettings): DeliveryTarget[] | FieldProblems {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TARGETS)
    return [{ field: 'deliver', problems: [`must be a list of 1 to ${MAX_TARGETS} targets`] }];
  const problems: FieldProblems = [];
  const targets: DeliveryTarget[] = [];
  value.forEach((item: unknown, i) => {
    const field = `deliver[${i}]`;
    const target = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    if (target.type === 'webhook') targets.push(webhookTarget(target, field, settings, problems));
    else if (target.type === 'email') targets.push(emailTarget(target, field, settings, problems));
    else problems.push({ field: `${field}.type`, problems: ['must be "webhook" or "email"'] });
  });
  return problems.length > 0 ? problems : targets;
}

function unknownKeys(target: Record<string, unknown>, known: string[], field: string, problems: FieldProblems): void {
  const unknown = Object.keys(target).filter((k) => !known.includes(k));
  if (unknown.length > 0) problems.push({ field, problems: [`unknown fields: ${unknown.join(', ')}`] });
}

function webhookTarget(
  target: Record<string, unknown>,
  field: string,
  settings: TargetSettings,
  problems: FieldProblems,
): WebhookTarget {
  unknownKeys(target, ['type', 'url', 'format'], field, problems);
  const url = typeof target.url === 'string' ? target.url.trim() : '';
  const urlProblem =
    url === '' || url.length > MAX_URL_CHARS
      ? `must be an http(s) URL of at most ${MAX_URL_CHARS} characters`
      : deliveryUrlProblem(url, settings.allowedHosts);
  if (urlProblem) problems.push({ field: `${field}.url`, problems: [urlProblem] });
  const format = target.format ?? 'json';
  if (!FORMATS.includes(format as WebhookFormat))
    problems.push({ field: `${field}.format`, problems: [`must be one of ${FORMATS.join(', ')}`] });
  return { type: 'webhook', url, format: format as WebhookFormat };
}

function emailTarget(
  target: Record<string, unknown>,
  field: string,
  settings: TargetSettings,
  problems: FieldProblems,
): EmailTargetRequest {
  unknownKeys(target, ['type', 'to'], field, problems);
  if (!settings.smtpConfigured)
    problems.push({ field: `${field}.type`, problems: ['email targets need SMTP_URL to be configured'] });
  const to = Array.isArray(target.to) ? target.to : [];
  if (to.length === 0 || to.length > MAX_RECIPIENTS)
    problems.push({ field: `${field}.to`, problems: [`must list 1 to ${MAX_RECIPIENTS} email addresses`] });
  const addresses = to.map((address: unknown, j) => {
    const text = typeof address === 'string' ? address.trim() : '';
    if (text.length > 254 || !EMAIL.test(text))
      problems.push({ field: `${field}.to[${j}]`, problems: ['must be an email address such as ana@example.com'] });
    return text;
  });
  return { type: 'email', to: addresses };
}

/**
 * The `condition` of a request: absent or null (always send), `{ type: "not_empty" }` or `{ type: "below" |
 * "above", value: <finite number> }`. Answers it, or problems with field `condition` / `condition.value`.
 */
export function checkCondition(value: unknown): ScheduleCondition | null | FieldProblems {
  if (value === undefined || value === null) return null;
  const shape = 'must be null, { type: "not_empty" } or { type: "below" | "above", value: number }';
  if (typeof value !== 'object' || Array.isArray(value)) return [{ field: 'condition', problems: [shape] }];
  const c = value as Record<string, unknown>;
  if (c.type === 'not_empty' && Object.keys(c).length === 1) return { type: 'not_empty' };
  if ((c.type === 'below' || c.type === 'above') && Object.keys(c).every((k) => k === 'type' || k === 'value')) {
    if (typeof c.value !== 'number' || !Number.isFinite(c.value))
      return [{ field: 'condition.value', problems: ['must be a finite number'] }];
    return { type: c.type, value: c.value };
  }
  return [{ field: 'condition', problems: [shape] }];
}

/** Whether a check's answer is its problems. */
export function isProblems<T>(value: T | FieldProblems): value is FieldProblems {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && 'problems' in (value[0] ?? {});
}
