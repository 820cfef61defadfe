import { csvField, csvLines, jsonChunks } from './csv-format';
import { exportFilename } from './export-filename';

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('writes a header and CRLF-terminated records', () => {
    expect(
      [
        ...csvLines(
          ['id', 'name'],
          [
            [1, 'Ann'],
            [2, 'B, "Bob"'],
          ],
        ),
      ].join(''),
    ).toBe('id,name\r\n1,Ann\r\n2,"B, ""Bob"""\r\n');
  });
});

describe('JSON export', () => {
  it('is an array of objects, repeated column names disambiguated', () => {
    const text = [
      ...jsonChunks(
        ['id', 'name', 'id'],
        [
          [1, 'Ann', 7],
          [2, null, 8],
        ],
      ),
    ].join('');
    expect(JSON.parse(text)).toEqual([
      { id: 1, name: 'Ann', id_2: 7 },
      { id: 2, name: null, id_2: 8 },
    ]);
    expect(JSON.parse([...jsonChunks(['a'], [])].join(''))).toEqual([]);
  });
});

describe('exportFilename', () => {
  it('slugifies the first words of the question and adds the entry id prefix', () => {
    expect(exportFilename('How many orders per country, in 2024?', '3f2a9c1e-aaaa-bbbb', 'csv')).toBe(
      'nlq-how-many-orders-per-country-in-3f2a9c1e.csv',
    );
    expect(exportFilename('Chiffre d’affaires été', 'abc', 'json')).toBe('nlq-chiffre-d-affaires-ete-abc.json');
    expect(exportFilename('???', '12345678-x', 'csv')).toBe('nlq-export-12345678.csv');
    expect(exportFilename(null, 'ff', 'csv')).toBe('nlq-export-ff.csv');
  });
});
