import { columnLabel, formatCell } from '@nlq/contracts';

/** Milliseconds as a short duration: 850 ms, 1.24 s, 2 min 5 s. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms * 10) / 10} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(2)} s`;
  const m = Math.floor(ms / 60000);
  return `${m} min ${Math.round((ms - m * 60000) / 1000)} s`;
}

/** ISO-8601 time as local date and time; '–' for null or an unparseable value. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** Seconds as an age: 42 s, 5 min, 3 h, 2 d. */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} d`;
}

/**
 * One table cell value as text for people, by the rules the answers use (contracts value-format: grouped numbers,
 * money columns with the currency sign and two decimals as in "$739,157.41", dates as dates), `NULL` for null or
 * undefined.
 */
export function formatTableCell(value: unknown, column: string): string {
  if (value === null || value === undefined) return 'NULL';
  return formatCell(value, column, { currency: true });
}

/**
 * A result column's name as a table header or chart label in words, through the answer templates'
 * rule (contracts columnLabel) with a capital: `total_sales` -> "Total sales", `avg_total_amount` -> "Avg total
 * amount", `SUM(o.amount)` -> "Total amount", `COUNT(*)` -> "Number".
 */
export function columnTitle(name: string): string {
  const label = columnLabel(name);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
