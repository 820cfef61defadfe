import type { OfflineAnswerRequest } from '../engine-types';
import type { AnswerPlan } from './answer-plan';
import { cellInSentence, formatCell } from '@nlq/contracts';
import { formatNumber, toNumber } from './value-format';
import { humanize } from '../words/word-forms';

/** Rows named in a sentence at most: a year of months fits; longer results say how many rows they leave out. */
export const ANSWER_ITEMS = 12;

function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * A measure as the web app's table shows it (contracts formatCell with the currency sign: `$241,800.00`, `1,234`),
 * money also when the plan says the measure is money though its column name does not.
 */
function measureText(value: unknown, money: boolean, column = ''): string {
  const n = toNumber(value);
  if (n !== null && money) return formatNumber(n, true);
  return formatCell(value, column, { currency: true });
}

/** A cell as the web app's table shows it (numbers grouped, money with its sign, dates as dates), on one line. */
function cellText(value: unknown, column: string): string {
  return cellInSentence(value, column, { currency: true });
}

/** Index of each named column in the result, ignoring case; -1 when absent. */
function indexes(columns: string[], names: string[]): number[] {
  return names.map((n) => columns.findIndex((c) => c.toLowerCase() === n.toLowerCase())).filter((i) => i >= 0);
}

function rowLabel(row: unknown[], labelIdx: number[], columns: string[]): string {
  return labelIdx.map((i) => cellText(row[i], columns[i] ?? '')).join(' ');
}

/**
 * What a sentence naming at most `count` rows leaves out: "" when it names them all, else " and 8 more" (the rows the
 * statement returned beyond those named: the uncapped total when the row limit cut them and they were counted) or
 * " and at least 989 more" when the row limit cut them uncounted (one beyond the 1,000 rows returned).
 */
function shown(request: OfflineAnswerRequest, count: number): string {
  const named = Math.min(request.rows.length, count);
  const uncounted = request.truncated && typeof request.totalRows !== 'number';
  // uncounted: more rows exist than the row limit let through, so at least one beyond those returned
  const total = uncounted ? request.rowCount + 1 : request.truncated ? (request.totalRows as number) : request.rowCount;
  const omitted = Math.max(total, request.rows.length) - named;
  if (omitted <= 0) return '';
  return ` and ${uncounted ? 'at least ' : ''}${formatNumber(omitted)} more`;
}

/**
 * "Found 12"; when the row limit cut the result, the uncapped count the pipeline counted ("Found 2,369") or, when it
 * could not count them, "Found more than 1,000" (a list never states the row limit as the count).
 */
function found(request: OfflineAnswerRequest): string {
  if (!request.truncated) return formatNumber(request.rowCount);
  return typeof request.totalRows === 'number'
    ? formatNumber(request.totalRows)
    : `more than ${formatNumber(request.rowCount)}`;
}

/**
 * Write a plain, honest sentence from result rows. Counts: "There are 1,000 customers."; one aggregate: "The
 * average total of orders in 2024 is $123.45."; lists: "Found 20 customers in Canada: Ana Silva, ... and 8 more."
 * (every row up to ANSWER_ITEMS is named, the rest counted; "more than N" when the row limit cut the result); top-N: "The top 5 products by total sales are:
 * X ($12,345.67), ..."; groups: "Number of products by category (8 groups): Books 120, ...". No rows: "No rows
 * matched." Every number comes from the rows (the SQL aggregated them), never from sampling rows here, and reads as
 * the web app's table shows it (contracts formatCell: grouped digits, money with its sign, dates as dates).
 * Without a plan (SQL the engine did not write) the sentence is generic.
 */
export function writeAnswerText(request: OfflineAnswerRequest, plan: AnswerPlan | null): string {
  const { rows, columns } = request;
  if (rows.length === 0 || request.rowCount === 0) {
    if (plan?.kind === 'write') return 'The statement ran.';
    return 'No rows matched.';
  }
  if (plan?.kind === 'yesno') {
    const yes = String(rows[0][0]).toLowerCase() === 'yes';
    return yes
      ? `Yes, there are ${plan.nounPlural}${plan.context}.`
      : `No, there are no ${plan.nounPlural}${plan.context}.`;
  }
  if (!plan) return genericAnswer(request);
  const valueIdx = plan.valueColumn ? (indexes(columns, [plan.valueColumn])[0] ?? -1) : -1;
  let labelIdx = indexes(columns, plan.labelColumns);
  if (labelIdx.length === 0) labelIdx = [columns.findIndex((_, i) => i !== valueIdx)].filter((i) => i >= 0);

  if (plan.moreValues?.length && (plan.kind === 'aggregate' || plan.kind === 'grouped'))
    return severalValues(request, plan, labelIdx);
  const a: PlannedAnswer = { request, plan, labelIdx, valueIdx };
  switch (plan.kind) {
    case 'count':
      return countSentence(a);
    case 'aggregate': {
      const v = rows[0][valueIdx >= 0 ? valueIdx : 0];
      if (v === null || v === undefined) return `No rows matched, so there is no ${plan.measureLabel}${plan.context}.`;
      return `The ${plan.measureLabel}${plan.context} is ${measureText(v, plan.money, columns[valueIdx >= 0 ? valueIdx : 0])}.`;
    }
    case 'grouped': {
      const items = rows
        .slice(0, ANSWER_ITEMS)
        .map((r) => `${rowLabel(r, labelIdx, columns)} ${measureText(r[valueIdx], plan.money, columns[valueIdx])}`);
      const groups = request.truncated
        ? `${found(request)} groups`
        : `${formatNumber(request.rowCount)} ${request.rowCount === 1 ? 'group' : 'groups'}`;
      return `${capitalize(plan.measureLabel)} by ${plan.groupNoun}${plan.context} (${groups}): ${items.join(', ')}${shown(request, ANSWER_ITEMS)}.`;
    }
    case 'top':
      return topSentence(a);
    case 'topPerGroup': {
      // "the best-selling product in each category": each group's label, its top row(s) and their measure
      const lead = `${plan.limit && plan.limit > 1 ? `The ${formatNumber(plan.limit)} ${plan.nounPlural}` : `The ${plan.noun}`} with the ${plan.direction === 'desc' ? 'highest' : 'lowest'} ${plan.measureLabel} in each ${plan.groupNoun}${plan.context} (ties kept)`;
      return `${lead}: ${rankedItems(a).join(', ')}${shown(request, ANSWER_ITEMS)}.`;
    }
    case 'list': {
      const items = rows.slice(0, ANSWER_ITEMS).map((r) => rowLabel(r, labelIdx, columns));
      const noun = request.rowCount === 1 && !request.truncated ? plan.noun : plan.nounPlural;
      return `Found ${found(request)} ${noun}${plan.context}: ${items.join(', ')}${shown(request, ANSWER_ITEMS)}.`;
    }
    case 'lookup': {
      const items = rows.slice(0, ANSWER_ITEMS).map((r) => r.map((v, i) => cellText(v, columns[i])).join(', '));
      const verb = request.rowCount === 1 && !request.truncated ? 'is' : 'are';
      return `The ${plan.measureLabel}${plan.context} ${verb} ${items.join('; ')}${shown(request, ANSWER_ITEMS)}.`;
    }
    case 'write':
      return 'The statement ran.';
  }
}

/** Result rows with the plan they are worded by and the indexes of their label and value columns (-1: none). */
interface PlannedAnswer {
  request: OfflineAnswerRequest;
  plan: AnswerPlan;
  labelIdx: number[];
  valueIdx: number;
}

/** "There are 1,000 customers.", "There is 1 order.", "There are no orders."; generic when the count is no number. */
function countSentence({ request, plan, valueIdx }: PlannedAnswer): string {
  const n = toNumber(request.rows[0][valueIdx >= 0 ? valueIdx : 0]);
  if (n === null) return genericAnswer(request);
  if (n === 0) return `There are no ${plan.nounPlural}${plan.context}.`;
  return n === 1
    ? `There is 1 ${plan.noun}${plan.context}.`
    : `There are ${formatNumber(n)} ${plan.nounPlural}${plan.context}.`;
}

/** The first ANSWER_ITEMS ranked rows in words: each row's label with its measure in parentheses, when there is one. */
function rankedItems({ request, plan, labelIdx, valueIdx }: PlannedAnswer): string[] {
  const { rows, columns } = request;
  return rows
    .slice(0, ANSWER_ITEMS)
    .map((r) =>
      valueIdx >= 0
        ? `${rowLabel(r, labelIdx, columns)} (${measureText(r[valueIdx], plan.money, columns[valueIdx])})`
        : rowLabel(r, labelIdx, columns),
    );
}

/**
 * A ranking: "The top 5 products by total sales are: X ($12,345.67), ...", the one row of a superlative, the rows
 * tied for it ("(a tie)"), or fewer rows than asked ("only 3 matched").
 */
function topSentence(a: PlannedAnswer): string {
  const { request, plan } = a;
  const items = rankedItems(a);
  const n = request.rows.length;
  const wanted = plan.limit ?? n;
  const superlative = plan.direction === 'desc' ? 'highest' : 'lowest';
  if (wanted === 1 && n > 1) {
    return `The ${plan.nounPlural}${plan.context} with the ${superlative} ${plan.measureLabel} (a tie) are: ${items.join(', ')}${shown(request, ANSWER_ITEMS)}.`;
  }
  if (wanted === 1 || n === 1) {
    const only =
      wanted > 1
        ? `Only one ${plan.noun} matched: `
        : `The ${plan.noun}${plan.context} with the ${superlative} ${plan.measureLabel} is `;
    return `${only}${items[0]}.`;
  }
  const lead =
    plan.direction === 'desc'
      ? `The top ${formatNumber(n)} ${plan.nounPlural}${plan.context} by ${plan.measureLabel}`
      : `The ${formatNumber(n)} ${plan.nounPlural}${plan.context} with the lowest ${plan.measureLabel}`;
  const only = n < wanted ? ` (only ${formatNumber(n)} matched)` : '';
  return `${lead}${only} are: ${items.join(', ')}${shown(request, ANSWER_ITEMS)}.`;
}

/**
 * Several aggregates of the same rows: "The maximum price is $99.00 and the minimum price is $1.00."; per group:
 * "Maximum price and minimum price by category (2 groups): Books $30.00 and $5.00, ...".
 */
function severalValues(request: OfflineAnswerRequest, plan: AnswerPlan, labelIdx: number[]): string {
  const values = plan.moreValues ?? [];
  const idx = values.map((v) => indexes(request.columns, [v.column])[0] ?? -1);
  const text = (row: unknown[], k: number) =>
    idx[k] >= 0 && row[idx[k]] !== null && row[idx[k]] !== undefined
      ? measureText(row[idx[k]], values[k].money, request.columns[idx[k]])
      : 'none';
  if (plan.kind === 'aggregate')
    return `${capitalize(values.map((v, k) => `the ${v.label}${plan.context} is ${text(request.rows[0], k)}`).join(' and '))}.`;
  const items = request.rows
    .slice(0, ANSWER_ITEMS)
    .map((r) => `${rowLabel(r, labelIdx, request.columns)} ${values.map((_, k) => text(r, k)).join(' and ')}`);
  const groups = request.truncated
    ? `${found(request)} groups`
    : `${formatNumber(request.rowCount)} ${request.rowCount === 1 ? 'group' : 'groups'}`;
  return `${capitalize(values.map((v) => v.label).join(' and '))} by ${plan.groupNoun}${plan.context} (${groups}): ${items.join(', ')}${shown(request, ANSWER_ITEMS)}.`;
}

/** Sentence for rows of SQL the engine did not plan: one value, or the first column of each row. */
function genericAnswer(request: OfflineAnswerRequest): string {
  const { rows, columns } = request;
  if (rows.length === 1 && columns.length === 1) {
    const v = rows[0][0];
    return `The ${humanize(columns[0]) || 'result'} is ${cellText(v, columns[0])}.`;
  }
  const items = rows.slice(0, ANSWER_ITEMS).map((r) => r.map((v, i) => cellText(v, columns[i])).join(' | '));
  return `Found ${found(request)} ${request.rowCount === 1 ? 'row' : 'rows'}: ${items.join('; ')}${shown(request, ANSWER_ITEMS)}.`;
}
