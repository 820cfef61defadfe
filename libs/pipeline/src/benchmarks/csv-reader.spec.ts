import { parseCsv, parseCsvObjects } from './csv-reader';

describe('parseCsv (RFC 4180)', () => {
  it('splits plain fields and records, LF or CRLF, without an empty last record', () => {
    expect(parseCsv('a,b\r\n1,2\n3,\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', ''],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(parseCsv('q,s\n"Which ""x"", y?","SELECT 1;\nSELECT 2"\n')).toEqual([
      ['q', 's'],
      ['Which "x", y?', 'SELECT 1;\nSELECT 2'],
    ]);
  });

  it('rejects an unclosed quoted field', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/unclosed/);
  });

  it('maps records to objects by header', () => {
    expect(parseCsvObjects('\ufeffdb,query,extra\nacademic,SELECT 1\n')).toEqual([
      { db: 'academic', query: 'SELECT 1', extra: '' },
    ]);
  });
});
