/**
 * The one probe of the answer check (docs/architecture.md "Answer check"): a value looked up in a column with too
 * many values to have sampled them all, while another column of the tables read or named holds it, is looked for in
 * that column by one read-only `SELECT 1 ... LIMIT 1` under the statement timeout (filterMatchesAnyRow of
 * @nlq/db-drivers). No row: an `unknown_value` finding; a row, a failure or a timeout: nothing.
 */
import type { AnswerWarning } from '@nlq/contracts';
import { filterMatchesAnyRow, type DatabaseDriver } from '@nlq/db-drivers';
import type { AnswerCheckParts } from './answer-check';
import { unknownValueCandidate, unknownValueMessage } from './filter-findings';

/** The `unknown_value` finding one probe makes, or null (no candidate, a match, or the probe failed). */
export async function probeUnknownValue(
  parts: AnswerCheckParts,
  driver: DatabaseDriver,
  options: { dialect: Parameters<typeof filterMatchesAnyRow>[2]; timeoutMs: number },
): Promise<AnswerWarning | null> {
  if (parts.findings.some((f) => f.code === 'unknown_value')) return null;
  const candidate = unknownValueCandidate(parts.filters, parts.tables);
  if (!candidate) return null;
  const matches = await filterMatchesAnyRow(driver, candidate.filter, options.dialect, options.timeoutMs);
  if (matches !== false) return null;
  return { code: 'unknown_value', message: unknownValueMessage(candidate.value, candidate.filter, candidate.holder) };
}
