/**
 * Calendar of the sample shop: a three-year history ending the day before the generation's `today` (so "last
 * month" finds orders on first start), every date computed from the window below in UTC (never read from the
 * clock here: the generator sets the window with {@link setHistoryWindow} from its `today` option), written as
 * ISO-8601 text: `YYYY-MM-DD` for dates, `YYYY-MM-DD HH:MM:SS` for timestamps (the formats
 * SQLite's date functions read, https://sqlite.org/lang_datefunc.html).
 */

/** Seconds in a day. */
export const DAY_SECONDS = 86_400;

/** Days since 1970-01-01 (UTC) of a calendar date; `month` is 1..12. */
export function epochDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

// The window is module state (live bindings): set once per generation before any row is built.
/** First day of the order history (2023-01-01 for a history ending 2025-12-31). */
export let HISTORY_START_DAY = epochDay(2023, 1, 1);
/** Last day of the order history (inclusive). */
export let HISTORY_END_DAY = epochDay(2025, 12, 31);
/** Number of days in the order history (1095 or 1096 with a leap day). */
export let HISTORY_DAYS = HISTORY_END_DAY - HISTORY_START_DAY + 1;
/** Last second of the history, as seconds since the epoch: nothing in the data happens after it. */
export let HISTORY_END_SECOND = (HISTORY_END_DAY + 1) * DAY_SECONDS - 1;
/** Calendar year of the first history day; fixed dates before the history (hires, sign-ups) count back from it. */
export let HISTORY_START_YEAR = 2023;

/**
 * Sets the history window to the three years ending the day before `today` (UTC): `today` 2026-01-01 gives
 * 2023-01-01 .. 2025-12-31; 2026-11-24 gives 2023-11-24 .. 2026-11-23. Returns the first and last day.
 * @throws RangeError for an invalid date or one before 2001 (the fixed dates before the history would go negative)
 */
export function setHistoryWindow(today: Date): { startDay: number; endDay: number } {
  const t = today.getTime();
  if (!Number.isFinite(t) || today.getUTCFullYear() < 2001)
    throw new RangeError(`today must be a valid date after 2000, got ${String(today)}`);
  const endDay = Math.floor(t / 86_400_000) - 1;
  const end = new Date(endDay * 86_400_000);
  const startDay = epochDay(end.getUTCFullYear() - 3, end.getUTCMonth() + 1, end.getUTCDate()) + 1;
  HISTORY_START_DAY = startDay;
  HISTORY_END_DAY = endDay;
  HISTORY_DAYS = endDay - startDay + 1;
  HISTORY_END_SECOND = (endDay + 1) * DAY_SECONDS - 1;
  HISTORY_START_YEAR = new Date(startDay * 86_400_000).getUTCFullYear();
  return { startDay, endDay };
}

const dayStrings = new Map<number, string>();

/** `YYYY-MM-DD` of an epoch day (memoised: the generator formats millions of dates over a few thousand days). */
export function formatDay(day: number): string {
  let text = dayStrings.get(day);
  if (text === undefined) {
    text = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dayStrings.set(day, text);
  }
  return text;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `YYYY-MM-DD HH:MM:SS` of a number of seconds since the epoch (fractions dropped). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const day = Math.floor(whole / DAY_SECONDS);
  const rest = whole - day * DAY_SECONDS;
  const hours = Math.floor(rest / 3600);
  const minutes = Math.floor((rest % 3600) / 60);
  return `${formatDay(day)} ${pad2(hours)}:${pad2(minutes)}:${pad2(rest % 60)}`;
}

/** Calendar parts of an epoch day: month 1..12, weekday 0 (Sunday) .. 6. */
export function dayParts(day: number): { year: number; month: number; dayOfMonth: number; weekday: number } {
  const d = new Date(day * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, dayOfMonth: d.getUTCDate(), weekday: d.getUTCDay() };
}
