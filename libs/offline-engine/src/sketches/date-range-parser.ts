import type { QuestionToken } from '../words/question-tokenizer';
import { MONTH_NAMES } from '../words/question-vocabulary';

/** A half-open date range [from, to) as ISO dates (YYYY-MM-DD); either end may be open. */
export interface DateRange {
  from: string | null;
  to: string | null;
  /** How the question said it, for answers: "in 2024", "in March 2024", "last month". */
  label: string;
  /** Indexes of the tokens that expressed the range. */
  tokenIndexes: number[];
}

const MONTH_ABBR = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const PREPOSITIONS = new Set(['in', 'during', 'for', 'of', 'within', 'throughout']);

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function utc(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m, d));
}
function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}
function monthIndex(word: string): number {
  const full = MONTH_NAMES.indexOf(word);
  if (full >= 0) return full;
  return word === 'may' ? -1 : MONTH_ABBR.indexOf(word.replace(/\.$/, ''));
}
function yearOf(token: QuestionToken | undefined): number | null {
  if (!token || token.kind !== 'number' || !/^\d{4}$/.test(token.raw)) return null;
  const y = Number(token.raw);
  return y >= 1900 && y <= 2199 ? y : null;
}

const ORDINALS = new Map<string, number>(
  Object.entries({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4 }),
);

/** A quarter or half-year starting at token `i`: `q2 2024`, `second quarter of 2024`, `first half 2024`, `h1 2024`. */
function periodOfYear(
  tokens: QuestionToken[],
  i: number,
): { year: number; startMonth: number; months: number; label: string; span: number[] } | null {
  const lw = (k: number) => tokens[k]?.lower;
  const yearAfter = (k: number): { year: number; end: number } | null => {
    const at = ['of', 'in'].includes(lw(k) ?? '') ? k + 1 : k;
    const year = yearOf(tokens[at]);
    return year === null ? null : { year, end: at };
  };
  const t = lw(i) ?? '';
  const short = /^([qh])([1-4])$/.exec(t);
  if (short) {
    const n = Number(short[2]);
    const y = yearAfter(i + 1);
    if (!y || (short[1] === 'h' && n > 2)) return null;
    const quarter = short[1] === 'q';
    return {
      year: y.year,
      startMonth: quarter ? (n - 1) * 3 : (n - 1) * 6,
      months: quarter ? 3 : 6,
      label: `in ${t.toUpperCase()} ${y.year}`,
      span: range(i, y.end),
    };
  }
  const n = ORDINALS.get(t);
  const unit = lw(i + 1);
  if (!n || (unit !== 'quarter' && unit !== 'half')) return null;
  const y = yearAfter(i + 2);
  if (!y) return null;
  if (unit === 'half') {
    const half = t === 'last' ? 2 : n;
    if (half > 2) return null;
    return {
      year: y.year,
      startMonth: (half - 1) * 6,
      months: 6,
      label: `in the ${half === 1 ? 'first' : 'second'} half of ${y.year}`,
      span: range(i, y.end),
    };
  }
  return { year: y.year, startMonth: (n - 1) * 3, months: 3, label: `in Q${n} ${y.year}`, span: range(i, y.end) };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}

/** A date range found, before its token indexes are attached. */
type FoundRange = Omit<DateRange, 'tokenIndexes'>;

/** One scan of a question's tokens for date ranges: the tokens, the clock, and where a range found is taken. */
interface RangeScan {
  tokens: QuestionToken[];
  now: Date;
  /** `now` as an ISO date. */
  today: string;
  /** The lower-case token at an index, if any. */
  lw: (i: number) => string | undefined;
  /** Keeps a range read from the tokens at `indexes`, unless one of them belongs to a range already kept. */
  take: (range: FoundRange, indexes: number[]) => void;
}

/**
 * Find one date range in a question's tokens. Understands: "in 2024", "in March 2024", "between 2024-01-01 and
 * 2024-06-30" (inclusive of both days), "from D to D", "on D", "since 2024"/"since D", "before 2024"/"before D",
 * "after 2024"/"after D", "today", "yesterday", "this/last week|month|quarter|year", "last N days|weeks|months",
 * quarters and halves ("Q2 2024", "the second quarter of 2024", "first half of 2024", "H2 2024").
 *
 * Relative ranges ("last month") are relative to `now` (the caller's clock, UTC calendar days), not to the latest
 * date in the data: the offline engine has no database access while writing SQL.
 * Returns null when the question has no date range; throws Error with a message when it has two of them.
 */
export function parseDateRange(tokens: QuestionToken[], now: Date): DateRange | null {
  const found: DateRange[] = [];
  const used = new Set<number>();
  const scan: RangeScan = {
    tokens,
    now,
    today: iso(now),
    lw: (i) => tokens[i]?.lower,
    take: (range, indexes) => {
      if (indexes.some((i) => used.has(i))) return;
      indexes.forEach((i) => used.add(i));
      found.push({ ...range, tokenIndexes: indexes });
    },
  };
  for (let i = 0; i < tokens.length; i++) {
    const last =
      readBetween(scan, i) ??
      readBoundary(scan, i) ??
      readPeriodOfYear(scan, i) ??
      readMonthYear(scan, i) ??
      readInYear(scan, i);
    if (last !== null) i = last;
    else readRelative(scan, i);
  }
  if (found.length > 1) throw new Error(`two date ranges (${found.map((f) => f.label).join(', ')})`);
  return found[0] ?? null;
}

/**
 * "between D and D", "from D to D" at token `i`: both days included. Returns the index of the last token read
 * before the range's own (the scan goes on after it), or null when none starts at `i`.
 */
function readBetween({ tokens, lw, take }: RangeScan, i: number): number | null {
  const t = tokens[i];
  if (
    !(t.lower === 'between' || t.lower === 'from') ||
    tokens[i + 1]?.kind !== 'date' ||
    !['and', 'to', 'through', 'until'].includes(lw(i + 2) ?? '') ||
    tokens[i + 3]?.kind !== 'date'
  )
    return null;
  const a = tokens[i + 1].raw;
  const b = tokens[i + 3].raw;
  take({ from: a <= b ? a : b, to: addDays(a <= b ? b : a, 1), label: `between ${a} and ${b}` }, [
    i,
    i + 1,
    i + 2,
    i + 3,
  ]);
  return i;
}

/**
 * "since", "before", "after", "on" (a day only) or "from" and a date or a year at token `i`: an open-ended range (a
 * day for "on"). Returns `i` when a date or year follows the word, else null.
 */
function readBoundary({ tokens, take }: RangeScan, i: number): number | null {
  const t = tokens[i];
  if (!['since', 'before', 'after', 'on', 'from'].includes(t.lower)) return null;
  const next = tokens[i + 1];
  const year = yearOf(next);
  if (next?.kind !== 'date' && year === null) return null;
  const start = next.kind === 'date' ? next.raw : `${year}-01-01`;
  const endExclusive = next.kind === 'date' ? addDays(next.raw, 1) : `${(year as number) + 1}-01-01`;
  const label = `${t.lower} ${next.raw}`;
  if (t.lower === 'since' || t.lower === 'from') take({ from: start, to: null, label }, [i, i + 1]);
  else if (t.lower === 'before') take({ from: null, to: start, label }, [i, i + 1]);
  else if (t.lower === 'after') take({ from: endExclusive, to: null, label }, [i, i + 1]);
  else if (next.kind === 'date') take({ from: start, to: endExclusive, label }, [i, i + 1]);
  return i;
}

/**
 * Quarters and halves at token `i`: "Q2 2024", "the second quarter of 2024", "first half of 2024", "H1 2024", with
 * a preposition or "the" before them. Returns the index of the period's last token, or null.
 */
function readPeriodOfYear({ tokens, lw, take }: RangeScan, i: number): number | null {
  const period = periodOfYear(tokens, i);
  if (!period) return null;
  const lead = [i - 2, i - 1].filter(
    (j) =>
      j >= 0 && (PREPOSITIONS.has(lw(j) ?? '') || lw(j) === 'the') && (j === i - 1 || PREPOSITIONS.has(lw(j) ?? '')),
  );
  const { year, startMonth, months, label, span } = period;
  take({ from: iso(utc(year, startMonth, 1)), to: iso(utc(year, startMonth + months, 1)), label }, [...lead, ...span]);
  return span[span.length - 1];
}

/** "[in] March 2024" at token `i`: the month. Returns the index of the year, or null. */
function readMonthYear({ tokens, lw, take }: RangeScan, i: number): number | null {
  const t = tokens[i];
  const m = t.kind === 'word' ? monthIndex(t.lower) : -1;
  const y = yearOf(tokens[i + 1]);
  if (m < 0 || y === null) return null;
  const idx = PREPOSITIONS.has(lw(i - 1) ?? '') ? [i - 1, i, i + 1] : [i, i + 1];
  take(
    {
      from: iso(utc(y, m, 1)),
      to: iso(utc(y, m + 1, 1)),
      label: `in ${MONTH_NAMES[m][0].toUpperCase()}${MONTH_NAMES[m].slice(1)} ${y}`,
    },
    idx,
  );
  return i + 1;
}

/** "in 2024", "during 2024" at token `i`: the year. Returns `i`, or null. */
function readInYear({ tokens, take }: RangeScan, i: number): number | null {
  if (!PREPOSITIONS.has(tokens[i].lower)) return null;
  const year = yearOf(tokens[i + 1]);
  if (year === null) return null;
  take({ from: `${year}-01-01`, to: `${year + 1}-01-01`, label: `in ${year}` }, [i, i + 1]);
  return i;
}

/**
 * Ranges relative to the clock at token `i`: "today", "yesterday", "this/last week|month|quarter|year" (with "in
 * the", "during" before them) and "last N days|weeks|months|years".
 */
function readRelative(scan: RangeScan, i: number): void {
  const { tokens, lw, take, now, today } = scan;
  const t = tokens[i];
  if (t.lower === 'today') return take({ from: today, to: addDays(today, 1), label: 'today' }, [i]);
  if (t.lower === 'yesterday') return take({ from: addDays(today, -1), to: today, label: 'yesterday' }, [i]);
  if (!['this', 'last', 'previous', 'past', 'current'].includes(t.lower)) return;
  const n = tokens[i + 1]?.kind === 'number' ? tokens[i + 1].value : undefined;
  const idx = PREPOSITIONS.has(lw(i - 1) ?? '') || lw(i - 1) === 'the' ? [i - 1, i] : [i];
  if (lw(i - 2) === 'in' && lw(i - 1) === 'the') idx.unshift(i - 2);
  const prev = t.lower !== 'this' && t.lower !== 'current';
  const unit = calendarUnit(lw(i + 1), prev, now, today);
  if (unit) take(unit, [...idx, i + 1]);
  else if (prev && n !== undefined && Number.isInteger(n) && n > 0) {
    const last = lastUnits(tokens[i + 2]?.norm, n, now, today);
    if (last) take(last, [...idx, i + 1, i + 2]);
  }
}

/**
 * The calendar month, year, quarter or ISO week (Monday first) holding `now` (`today` its ISO date), or the one
 * before it when `prev`; null for another word.
 */
function calendarUnit(unitWord: string | undefined, prev: boolean, now: Date, today: string): FoundRange | null {
  const y0 = now.getUTCFullYear();
  const m0 = now.getUTCMonth();
  if (unitWord === 'month')
    return prev
      ? { from: iso(utc(y0, m0 - 1, 1)), to: iso(utc(y0, m0, 1)), label: 'last month' }
      : { from: iso(utc(y0, m0, 1)), to: iso(utc(y0, m0 + 1, 1)), label: 'this month' };
  if (unitWord === 'year')
    return prev
      ? { from: `${y0 - 1}-01-01`, to: `${y0}-01-01`, label: 'last year' }
      : { from: `${y0}-01-01`, to: `${y0 + 1}-01-01`, label: 'this year' };
  if (unitWord === 'quarter') {
    const q0 = Math.floor(m0 / 3) * 3;
    return prev
      ? { from: iso(utc(y0, q0 - 3, 1)), to: iso(utc(y0, q0, 1)), label: 'last quarter' }
      : { from: iso(utc(y0, q0, 1)), to: iso(utc(y0, q0 + 3, 1)), label: 'this quarter' };
  }
  if (unitWord === 'week') {
    const dow = (now.getUTCDay() + 6) % 7; // Monday = 0 (ISO 8601 weeks)
    const monday = addDays(today, -dow);
    return prev
      ? { from: addDays(monday, -7), to: monday, label: 'last week' }
      : { from: monday, to: addDays(monday, 7), label: 'this week' };
  }
  return null;
}

/** "the last `n` days|weeks|months|years" (`unit` singular) up to and including today; null for another unit. */
function lastUnits(unit: string | undefined, n: number, now: Date, today: string): FoundRange | null {
  const y0 = now.getUTCFullYear();
  const m0 = now.getUTCMonth();
  if (unit === 'day') return { from: addDays(today, -n + 1), to: addDays(today, 1), label: `the last ${n} days` };
  if (unit === 'week') return { from: addDays(today, -7 * n + 1), to: addDays(today, 1), label: `the last ${n} weeks` };
  if (unit === 'month')
    return { from: iso(utc(y0, m0 - n, now.getUTCDate() + 1)), to: addDays(today, 1), label: `the last ${n} months` };
  if (unit === 'year')
    return { from: iso(utc(y0 - n, m0, now.getUTCDate() + 1)), to: addDays(today, 1), label: `the last ${n} years` };
  return null;
}
