/** Number and value formatting for answers (en-US grouping: 12,345.67). */

const INT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DEC = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number from a result cell: numbers, bigint strings and numeric strings (drivers may return DECIMAL as text). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value.trim())) return Number(value);
  return null;
}

/** `1000` -> `1,000`; `12.345` -> `12.35`; money -> `$12,345.67` (two decimals; the currency sign is nlq's choice). */
export function formatNumber(value: number, money = false): string {
  if (money) return `${value < 0 ? '-' : ''}$${MONEY.format(Math.abs(value))}`;
  return Number.isInteger(value) ? INT.format(value) : DEC.format(value);
}

/** Any cell as text: numbers formatted, null as "(none)", other values as strings. */
export function formatValue(value: unknown, money = false): string {
  if (value === null || value === undefined) return '(none)';
  const n = typeof value === 'string' ? null : toNumber(value);
  if (n !== null) return formatNumber(n, money);
  if (money) {
    const m = toNumber(value);
    if (m !== null) return formatNumber(m, true);
  }
  return String(value);
}
