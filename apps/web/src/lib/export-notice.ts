/** "Wrote 4,200 rows to CSV." (with "; the export limit stopped it there" when it cut the file); null when unknown. */
export function exportNotice(
  format: 'csv' | 'json',
  rows: number | undefined,
  truncated: boolean | undefined,
): string | null {
  if (rows === undefined) return null;
  const count = `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}`;
  return `Wrote ${count} to ${format.toUpperCase()}${truncated ? '; the export limit stopped it there' : ''}.`;
}
