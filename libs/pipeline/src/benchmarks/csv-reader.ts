/**
 * Parses CSV text as RFC 4180 describes it (https://www.rfc-editor.org/rfc/rfc4180): comma-separated fields,
 * fields in double quotes may hold commas, line breaks and doubled quotes (`""`); records end with LF or CRLF.
 * A final line break does not add an empty record. Shared by the evaluation runner (tools/eval) and the benchmark
 * import (CSV with the columns question,expected_sql).
 * @returns records as arrays of field strings
 * @throws Error when a quoted field is not closed
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < input.length) {
    const c = input[i];
    if (c === '"' && field === '') {
      let j = i + 1;
      for (;;) {
        if (j >= input.length) throw new Error(`CSV: unclosed quoted field starting at offset ${i}`);
        if (input[j] === '"') {
          if (input[j + 1] === '"') {
            field += '"';
            j += 2;
            continue;
          }
          break;
        }
        field += input[j++];
      }
      i = j + 1;
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\n' || (c === '\r' && input[i + 1] === '\n')) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += c === '\r' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** CSV text with a header line as objects keyed by the header names (missing trailing fields are ''). */
export function parseCsvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, k) => [name, row[k] ?? ''])));
}
