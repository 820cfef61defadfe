import type { SqlKind } from '@nlq/contracts';

/**
 * The approval card's sentence about what a held statement would do (docs/architecture.md "Approval": the rows it would
 * change are counted read-only before anyone decides):
 * - a count: `This statement would change 1,234 rows (counted before running) and waits for approval.`
 * - a write whose count failed: `This statement changes data (the rows could not be counted) and waits for approval.`
 * - DDL: `This statement changes the database schema and waits for approval.`
 * - unknown (an older history entry): `This statement changes data and waits for approval.`
 * `estimatedRows` is ChatResponse.estimated_rows / HistoryEntry.estimated_rows; `kind` the response's SQL kind.
 */
export function approvalSummary(estimatedRows: number | null | undefined, kind: SqlKind | null | undefined): string {
  if (typeof estimatedRows === 'number') {
    return `This statement would change ${estimatedRows.toLocaleString('en-US')} row${estimatedRows === 1 ? '' : 's'} (counted before running) and waits for approval.`;
  }
  if (kind === 'ddl') return 'This statement changes the database schema and waits for approval.';
  if (kind === 'write' && estimatedRows === null)
    return 'This statement changes data (the rows could not be counted) and waits for approval.';
  return 'This statement changes data and waits for approval.';
}
