/**
 * One CSV field per RFC 4180 section 2: a field containing a comma, a double quote, CR or LF is enclosed in double
 * quotes with every double quote doubled; null and undefined are empty; objects are written as JSON.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'object' ? (value instanceof Date ? value.toISOString() : JSON.stringify(value)) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record ending in CRLF (RFC 4180 section 2, rule 1). */
export function csvRecord(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The lines of a CSV file: the header record, then one record per row (a generator, to stream). */
export function* csvLines(columns: string[], rows: Iterable<unknown[]>): Generator<string> {
  yield csvRecord(columns);
  for (const row of rows) yield csvRecord(row);
}

/**
 * The chunks of a JSON export: an array with one object per row, keyed by column name (a repeated column name
 * gets `_2`, `_3`, ... so no value is lost).
 */
export function* jsonChunks(columns: string[], rows: Iterable<unknown[]>): Generator<string> {
  const seen = new Map<string, number>();
  const keys = columns.map((c) => {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return n === 1 ? c : `${c}_${n}`;
  });
  yield '[';
  let first = true;
  for (const row of rows) {
    // own properties: a column named `__proto__` or `constructor` is a key like any other
    const record = Object.fromEntries(keys.map((k, i) => [k, row[i] ?? null]));
    yield `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
