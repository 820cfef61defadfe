/**
 * Number and value formatting for the offline engine's answers (en-US grouping: 12,345.67), on top of the shared
 * formatter of libs/contracts (value-format.ts) that the pipeline's templates and the web app use too; the offline
 * answers add a `$` to money.
 */
import { escapedValue, formatCurrency, formatNumber as formatPlain, numericValue } from '@nlq/contracts';

/** A number from a result cell: numbers, bigint strings and numeric strings (drivers may return DECIMAL as text). */
export const toNumber = numericValue;

/** `1000` -> `1,000`; `12.345` -> `12.35`; money -> `$12,345.67` (two decimals; the currency sign is nlq's choice). */
export function formatNumber(value: number, money = false): string {
  if (money) return formatCurrency(value);
  return formatPlain(value);
}

/**
 * Any cell as text: numbers formatted, null as "(none)", other values as strings on one line (line breaks escaped)
 * and cut at MAX_VALUE_CHARS (contracts framed-text.ts), so a value cannot pose as a section of the answer.
 */
export function formatValue(value: unknown, money = false): string {
  if (value === null || value === undefined) return '(none)';
  const n = typeof value === 'string' ? null : toNumber(value);
  if (n !== null) return formatNumber(n, money);
  if (money) {
    const m = toNumber(value);
    if (m !== null) return formatNumber(m, true);
  }
  return escapedValue(String(value));
}
