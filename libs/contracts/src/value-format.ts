import { escapedValue } from './framed-text';
/**
 * Result values formatted for people, shared by the answer templates (libs/pipeline) and the web app's table and
 * chart axes, so a number reads the same everywhere: en-US grouping (`12,345`), at most two decimals, two decimals
 * for columns whose name looks like money, dates without a midnight time. Pure functions, no dependencies.
 */

const INTEGER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Name parts that mark a money column (`unit_price`, `totalAmount`, `revenue`); words as ambiguous as `total` or `value` are not; matched on whole words of the name. */
const MONEY_WORDS = new Set([
  'price',
  'prices',
  'sales',
  'amount',
  'revenue',
  'cost',
  'costs',
  'salary',
  'income',
  'spend',
  'spent',
  'paid',
  'payment',
  'payments',
  'balance',
  'fee',
  'fees',
  'freight',
  'profit',
  'budget',
  'subtotal',
  'tax',
  'charge',
  'charges',
  'invoice',
  'invoices',
]);
/** Name parts that veto money even beside a money word (`total_count`, `price_rank`, `amount_pct`). */
const NOT_MONEY_WORDS = new Set([
  'count',
  'number',
  'num',
  'qty',
  'quantity',
  'id',
  'rank',
  'pct',
  'percent',
  'percentage',
  'ratio',
  'rate',
  'share',
  'year',
  'days',
  'age',
  'rating',
  'score',
  'items',
  'orders',
]);

/** Lower-case words of an identifier or SQL expression: `unitPrice` and `SUM(o.unit_price)` give `unit`, `price`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** True when a column name looks like an amount of money (see MONEY_WORDS); counts and ranks never are. */
export function isMoneyColumn(name: string): boolean {
  const words = nameWords(name);
  return words.some((w) => MONEY_WORDS.has(w)) && !words.some((w) => NOT_MONEY_WORDS.has(w));
}

/** A finite number from a result cell: numbers, bigints and numeric strings (drivers return DECIMAL as text); else null. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value.trim())) return Number(value);
  return null;
}

/** `1234` -> `1,234`; `12.345` -> `12.35`; with money, always two decimals: `1234.5` -> `1,234.50`. */
export function formatNumber(value: number, money = false): string {
  if (money) return MONEY.format(value);
  return Number.isInteger(value) ? INTEGER.format(value) : DECIMAL.format(value);
}

/**
 * An amount of money as the answers state it: two decimals, grouped, with nlq's currency sign (`$`, before the
 * minus-free amount): `1234.5` -> `$1,234.50`, `-3` -> `-$3.00`.
 */
export function formatCurrency(value: number): string {
  return `${value < 0 ? '-' : ''}$${formatNumber(Math.abs(value), true)}`;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `2024-03-01T00:00:00.000Z` and `2024-03-01 00:00:00` -> `2024-03-01`; other times keep hours and minutes. */
export function formatDateText(text: string): string {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return text;
  const [, day, hm, seconds] = match;
  return hm === '00:00' && (!seconds || /^:00(\.0+)?$/.test(seconds)) ? day : `${day} ${hm}`;
}

/**
 * One result cell as text for people: null as `(none)`; numbers (also numeric strings) grouped, two decimals for
 * money columns (`column` names it), with the currency sign when `options.currency` ({@link formatCurrency}, as the
 * offline engine's answers and the web app's table write money); ISO dates and timestamps as dates; anything else as its string.
 * Identifiers and years stay ungrouped: a column named `id`, `*_id` or `year` shows `2024`, not `2,024`.
 */
export function formatCell(value: unknown, column = '', options: { currency?: boolean } = {}): string {
  if (value === null || value === undefined) return '(none)';
  const words = nameWords(column);
  const n = numericValue(value);
  if (n !== null) {
    if (words.some((w) => w === 'id' || w === 'year' || w === 'zip' || w === 'code' || w === 'phone'))
      return String(value);
    if (options.currency && isMoneyColumn(column)) return formatCurrency(n);
    return formatNumber(n, isMoneyColumn(column));
  }
  if (typeof value === 'string') return formatDateText(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A result cell as it stands inside a sentence of an answer: {@link formatCell} (with `options`), then kept on one line
 * and cut at MAX_VALUE_CHARS (escapedValue, framed-text.ts). Used by the pipeline's answer templates and the offline
 * engine's answer wording alike.
 */
export function cellInSentence(value: unknown, column = '', options: { currency?: boolean } = {}): string {
  return escapedValue(formatCell(value, column, options));
}
