import { decimalStringToJson, toJsonSafe } from './json-safe';
import { schemaVersion } from './schema-version';
import type { TableSchema } from '@nlq/contracts';

describe('toJsonSafe', () => {
  it('turns bigint into a number when safe and a string when not', () => {
    expect(toJsonSafe(42n)).toBe(42);
    expect(toJsonSafe(9007199254740991n)).toBe(9007199254740991);
    expect(toJsonSafe(9007199254740993n)).toBe('9007199254740993');
    expect(toJsonSafe(-9007199254740993n)).toBe('-9007199254740993');
  });

  it('turns binary into base64, or a placeholder past 1 KiB', () => {
    expect(toJsonSafe(Buffer.from([1, 2, 3]))).toBe('AQID');
    expect(toJsonSafe(new Uint8Array([255]))).toBe('/w==');
    expect(toJsonSafe(Buffer.alloc(2000))).toBe('<binary 2000 bytes>');
  });

  it('turns dates into ISO strings and non-finite numbers into strings, recursively', () => {
    expect(toJsonSafe(new Date('2024-01-02T03:04:05.000Z'))).toBe('2024-01-02T03:04:05.000Z');
    expect(toJsonSafe(new Date('nope'))).toBeNull();
    expect(toJsonSafe(NaN)).toBe('NaN');
    expect(toJsonSafe({ a: [1n, undefined, { b: Buffer.from('x') }] })).toEqual({ a: [1, null, { b: 'eA==' }] });
    expect(toJsonSafe('text')).toBe('text');
    expect(toJsonSafe(true)).toBe(true);
  });
});

describe('decimalStringToJson', () => {
  it('keeps exact decimals as numbers and long ones as text', () => {
    expect(decimalStringToJson('12.50')).toBe(12.5);
    expect(decimalStringToJson('-0.001')).toBe(-0.001);
    expect(decimalStringToJson('123456789012345')).toBe(123456789012345);
    expect(decimalStringToJson('12345678901234567890')).toBe('12345678901234567890');
    expect(decimalStringToJson('0.1234567890123456789')).toBe('0.1234567890123456789');
    expect(decimalStringToJson('NaN')).toBe('NaN');
  });
});

describe('schemaVersion', () => {
  const table = (over: Partial<TableSchema> = {}): TableSchema => ({
    name: 'orders',
    schema: null,
    kind: 'table',
    columns: [{ name: 'id', type: 'integer', nullable: false, primaryKey: true }],
    primaryKey: ['id'],
    foreignKeys: [],
    ...over,
  });

  it('is 16 hex digits, stable under table order, sample values and row counts', () => {
    const a = table();
    const b = table({ name: 'customers' });
    const v = schemaVersion([a, b]);
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(schemaVersion([b, a])).toBe(v);
    expect(schemaVersion([table({ rowCount: 99, columns: [{ ...a.columns[0], sampleValues: ['x'] }] }), b])).toBe(v);
  });

  it('changes when a column, type, nullability, key or comment changes', () => {
    const v = schemaVersion([table()]);
    expect(
      schemaVersion([table({ columns: [{ name: 'id', type: 'bigint', nullable: false, primaryKey: true }] })]),
    ).not.toBe(v);
    expect(
      schemaVersion([table({ columns: [{ name: 'id', type: 'integer', nullable: true, primaryKey: true }] })]),
    ).not.toBe(v);
    expect(
      schemaVersion([table({ foreignKeys: [{ columns: ['id'], referencedTable: 'x', referencedColumns: ['id'] }] })]),
    ).not.toBe(v);
    expect(schemaVersion([table({ comment: 'Orders' })])).not.toBe(v);
    expect(schemaVersion([table({ kind: 'view' })])).not.toBe(v);
  });
});
