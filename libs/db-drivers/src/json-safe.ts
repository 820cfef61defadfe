/**
 * Conversion of engine values to JSON-safe values, shared by every driver (ReadResult rows must survive
 * JSON.stringify: no bigint, no Buffer, no Date objects, no NaN).
 */

/** Binary values up to this many bytes are returned as base64; longer ones as `<binary n bytes>`. */
export const MAX_INLINE_BINARY_BYTES = 1024;

/**
 * Converts one value to a JSON-safe value.
 * - bigint -> number when within Number.MAX_SAFE_INTEGER, else its decimal string;
 * - Buffer/Uint8Array -> base64 string (<= 1 KiB) or `'<binary n bytes>'`;
 * - Date -> ISO-8601 string (invalid date -> null);
 * - NaN / Infinity -> their string names (JSON has no such numbers);
 * - arrays and plain objects (JSON columns) -> converted recursively; undefined -> null.
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return bigintToJson(value);
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return binaryToJson(value);
  if (Array.isArray(value)) return value.map(toJsonSafe);
  // Object.fromEntries defines own properties: a key such as `__proto__` stays a key (a plain assignment would not).
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJsonSafe(v)]));
}

/** bigint -> number when exactly representable (|n| <= 2^53 - 1), else decimal string. */
export function bigintToJson(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

/** Binary -> base64 (<= {@link MAX_INLINE_BINARY_BYTES}) or a `<binary n bytes>` placeholder. */
export function binaryToJson(value: Uint8Array): string {
  if (value.byteLength > MAX_INLINE_BINARY_BYTES) return `<binary ${value.byteLength} bytes>`;
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
}

/**
 * An exact decimal or integer string as the engine sent it (PostgreSQL int8/numeric, MySQL DECIMAL/BIGINT) ->
 * number when the conversion keeps every significant digit (at most 15 significant digits, the precision an IEEE
 * double always round-trips), else the string unchanged. `'12.50'` -> 12.5, `'12345678901234567890'` -> string.
 */
export function decimalStringToJson(text: string): number | string {
  const m = /^[+-]?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return text; // NaN, Infinity, exponent forms: keep the engine's text
  const digits = ((m[1] ?? '') + (m[2] ?? '').replace(/0+$/, '')).replace(/^0+/, '');
  if (digits.length > 15) return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** Converts every cell of row arrays with {@link toJsonSafe}, in place, and returns the rows. */
export function rowsToJsonSafe(rows: unknown[][]): unknown[][] {
  for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = toJsonSafe(row[i]);
  return rows;
}
