import { numericValue, type ScheduleCondition } from '@nlq/contracts';
import type { DeliveredResult } from './run-message';

/**
 * The result's first number (docs/http-api.md "Schedules and alerts", "Conditions"): the first numeric cell
 * (numbers, bigints, numeric text as drivers return DECIMAL) of the first row of the first result; null when none.
 */
export function firstNumber(results: DeliveredResult[]): number | null {
  const row = results[0]?.rows[0] ?? [];
  for (const cell of row) {
    const n = numericValue(cell);
    if (n !== null) return n;
  }
  return null;
}

/**
 * Whether a run sends: always without a condition; `not_empty` when the first result has at least one row;
 * `below` / `above` when {@link firstNumber} is strictly below / above `value` (no number: does not hold).
 */
export function conditionHolds(condition: ScheduleCondition | null, results: DeliveredResult[]): boolean {
  if (!condition) return true;
  if (condition.type === 'not_empty') return (results[0]?.row_count ?? 0) > 0;
  const n = firstNumber(results);
  if (n === null) return false;
  return condition.type === 'below' ? n < condition.value : n > condition.value;
}
