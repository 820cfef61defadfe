/** Whole numbers as people read them in the web app: en-US digit grouping (2369 -> "2,369"), like the api's answers. */
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `n` rows / row, grouped: "1 row", "12 rows", "1,000 rows". */
export function rowsLabel(n: number): string {
  return `${COUNT.format(n)} row${n === 1 ? '' : 's'}`;
}

/**
 * The footer of a result table cut by the row limit ("honest counts"): "Showing 1,000 of 2,369 rows" when
 * the api counted the rows without the limit (`ChatResponse.total_rows`), "Showing the first 1,000 rows; more exist"
 * when it could not (total null, or a total that is not more than the rows shown). Null when the result was not cut.
 * @param shown rows the api returned (`row_count`)
 * @param truncated `ChatResponse.truncated`
 * @param total `ChatResponse.total_rows`
 */
export function truncationNote(shown: number, truncated: boolean, total: number | null | undefined): string | null {
  if (!truncated) return null;
  if (typeof total === 'number' && Number.isFinite(total) && total > shown)
    return `Showing ${COUNT.format(shown)} of ${rowsLabel(total)}`;
  return `Showing the first ${rowsLabel(shown)}; more exist`;
}
