/**
 * Fixed calendar of the sample shop: every date is computed from these constants (never from the clock), in UTC,
 * and written as ISO-8601 text: `YYYY-MM-DD` for dates, `YYYY-MM-DD HH:MM:SS` for timestamps (the formats
 * SQLite's date functions read, https://sqlite.org/lang_datefunc.html).
 */

/** Seconds in a day. */
export const DAY_SECONDS = 86_400;

/** Days since 1970-01-01 (UTC) of a calendar date; `month` is 1..12. */
export function epochDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** First day of the order history: 2023-01-01. */
export const HISTORY_START_DAY = epochDay(2023, 1, 1);
/** Last day of the order history: 2025-12-31 (inclusive). */
export const HISTORY_END_DAY = epochDay(2025, 12, 31);
/** Number of days in the order history (1096: 2024 is a leap year). */
export const HISTORY_DAYS = HISTORY_END_DAY - HISTORY_START_DAY + 1;
/** Last second of the history, as seconds since the epoch: nothing in the data happens after it. */
export const HISTORY_END_SECOND = (HISTORY_END_DAY + 1) * DAY_SECONDS - 1;

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
