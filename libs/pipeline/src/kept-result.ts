import { HISTORY_RESULT_MAX_BYTES, HISTORY_RESULT_MAX_ROWS, type KeptResult, type ReadResult } from '@nlq/contracts';

/**
 * The first page of a read's rows to keep on its history entry: at most `maxRows` rows and at
 * most `maxBytes` bytes of their JSON (UTF-8), whichever comes first, so a wide result keeps fewer rows and a single
 * row over the byte cap keeps none. `more` is true when rows were left out here or by the row limit before.
 * Defaults: HISTORY_RESULT_MAX_ROWS (100) and HISTORY_RESULT_MAX_BYTES (64 KiB) of contracts kept-result.ts.
 */
export function keptResult(
  result: Pick<ReadResult, 'columns' | 'rows' | 'truncated'>,
  maxRows = HISTORY_RESULT_MAX_ROWS,
  maxBytes = HISTORY_RESULT_MAX_BYTES,
): KeptResult {
  // the envelope: {"columns":[...],"rows":[],"more":true}
  let bytes = Buffer.byteLength(JSON.stringify({ columns: result.columns, rows: [], more: true }));
  const rows: unknown[][] = [];
  for (const row of result.rows) {
    if (rows.length >= maxRows) break;
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    rows.push(row);
  }
  return { columns: result.columns, rows, more: result.truncated || rows.length < result.rows.length };
}
