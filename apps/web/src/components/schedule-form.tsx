import type { CreateScheduleRequest, DeliveryTargetRequest, ScheduleCondition, WebhookFormat } from '@nlq/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { schedulesApi } from '../api/schedules-api';
import { useApi } from './api-provider';
import { localTimeZone } from '../lib/time-zone';

/** Cron presets of the form (5-field cron, docs/http-api.md "Schedules and alerts"). */
export const CRON_PRESETS: ReadonlyArray<{ cron: string; label: string }> = [
  { cron: '0 8 * * 1-5', label: 'Weekdays at 08:00' },
  { cron: '0 8 * * 1', label: 'Mondays at 08:00' },
  { cron: '0 8 * * *', label: 'Every day at 08:00' },
  { cron: '0 * * * *', label: 'Every hour' },
  { cron: '0 8 1 * *', label: 'First of the month at 08:00' },
];

type ConditionKind = 'always' | ScheduleCondition['type'];

/** What a schedule delivers: a saved answer or a board (docs/http-api.md "Schedules and alerts"), with its name. */
export type ScheduleSource = { saved_id: string; name: string } | { board_id: string; name: string };

/** The form's values, as text. */
interface FormValues {
  name: string;
  cron: string;
  timezone: string;
  webhookUrl: string;
  format: WebhookFormat;
  emails: string;
  condition: ConditionKind;
  value: string;
}

/** What the field groups get: the values and a change handler of one field. */
interface FieldsProps {
  values: FormValues;
  set(key: keyof FormValues): (e: { target: { value: string } }) => void;
}

/**
 * The form's values as a request body for `source`: the targets given (webhook URL, email list split on commas) and
 * the condition.
 */
function requestOf(source: ScheduleSource, values: FormValues): CreateScheduleRequest {
  const deliver: DeliveryTargetRequest[] = [];
  if (values.webhookUrl.trim()) deliver.push({ type: 'webhook', url: values.webhookUrl.trim(), format: values.format });
  const to = values.emails
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (to.length > 0) deliver.push({ type: 'email', to });
  const condition: ScheduleCondition | null =
    values.condition === 'always'
      ? null
      : values.condition === 'not_empty'
        ? { type: 'not_empty' }
        : { type: values.condition, value: Number(values.value) };
  return {
    ...('saved_id' in source ? { saved_id: source.saved_id } : { board_id: source.board_id }),
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    cron: values.cron.trim(),
    timezone: values.timezone.trim(),
    deliver,
    condition,
  };
}

/**
 * "Schedule" of a saved answer or a board (`source`): a small form (cron with presets, time zone, a webhook with its format and/or email
 * recipients, an optional condition) that creates a schedule with POST /api/schedules; the API's 400 message (the
 * fields it names) shows above the buttons; once created, a link to the Schedules page.
 */
export function ScheduleForm({ source, onClose }: { source: ScheduleSource; onClose(): void }) {
  const { client } = useApi();
  const [values, setValues] = useState<FormValues>({
    name: source.name,
    cron: CRON_PRESETS[0]?.cron ?? '0 8 * * 1-5',
    timezone: localTimeZone(),
    webhookUrl: '',
    format: 'json',
    emails: '',
    condition: 'always',
    value: '0',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const set = (key: keyof FormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await schedulesApi.create(client, requestOf(source, values));
      setCreated(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.describe() : String(err));
    } finally {
      setBusy(false);
    }
  }

  if (created)
    return (
      <p className="muted small-text" role="status" data-testid="schedule-created">
        Scheduled. <Link to="/schedules">See schedules</Link>
      </p>
    );
  return (
    <form className="form schedule-form" onSubmit={submit} aria-label={`Schedule ${source.name}`}>
      <label>
        Name
        <input value={values.name} maxLength={128} onChange={set('name')} data-testid="schedule-name" />
      </label>
      <TimingFields values={values} set={set} setCron={(cron) => setValues((v) => ({ ...v, cron }))} />
      <TargetFields values={values} set={set} />
      <ConditionFields values={values} set={set} />
      {error && (
        <p className="error-text" role="alert" data-testid="schedule-form-error">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={busy} data-testid="schedule-create">
          {busy ? 'Saving…' : 'Create schedule'}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** When: a preset or a cron expression of its own, and the time zone. */
function TimingFields({ values, set, setCron }: FieldsProps & { setCron(cron: string): void }) {
  const presetValue = CRON_PRESETS.some((p) => p.cron === values.cron) ? values.cron : 'custom';
  return (
    <div className="schedule-form-row">
      <label>
        When
        <select
          value={presetValue}
          onChange={(e) => e.target.value !== 'custom' && setCron(e.target.value)}
          data-testid="schedule-preset"
        >
          {CRON_PRESETS.map((p) => (
            <option key={p.cron} value={p.cron}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <label>
        Cron
        <input value={values.cron} onChange={set('cron')} data-testid="schedule-cron" />
      </label>
      <label>
        Time zone
        <input value={values.timezone} onChange={set('timezone')} data-testid="schedule-timezone" />
      </label>
    </div>
  );
}

/** Where: a webhook URL with its message format, and email recipients. */
function TargetFields({ values, set }: FieldsProps) {
  return (
    <>
      <div className="schedule-form-row">
        <label>
          Webhook URL
          <input
            type="url"
            value={values.webhookUrl}
            placeholder="https://hooks.slack.com/services/…"
            onChange={set('webhookUrl')}
            data-testid="schedule-webhook"
          />
        </label>
        <label>
          Format
          <select value={values.format} onChange={set('format')} data-testid="schedule-format">
            <option value="json">JSON</option>
            <option value="slack">Slack</option>
            <option value="teams">Teams</option>
          </select>
        </label>
      </div>
      <label>
        Email to (comma-separated)
        <input value={values.emails} onChange={set('emails')} data-testid="schedule-emails" />
      </label>
    </>
  );
}

/** Whether to send: always, only with rows, or when the first number is below or above a value. */
function ConditionFields({ values, set }: FieldsProps) {
  return (
    <div className="schedule-form-row">
      <label>
        Send
        <select value={values.condition} onChange={set('condition')} data-testid="schedule-condition">
          <option value="always">Always</option>
          <option value="not_empty">Only when there are rows</option>
          <option value="below">When the first number is below</option>
          <option value="above">When the first number is above</option>
        </select>
      </label>
      {(values.condition === 'below' || values.condition === 'above') && (
        <label>
          Value
          <input type="number" value={values.value} onChange={set('value')} data-testid="schedule-value" />
        </label>
      )}
    </div>
  );
}
