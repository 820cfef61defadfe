import { CUT_MARKER, MAX_VALUE_CHARS, cutText, escapedValue, framedProse } from './framed-text';

describe('framed text', () => {
  it('escapes every kind of line break and control character so a value stays on its line', () => {
    expect(escapedValue('a\nSQL: x\r\nb\u2028c\u0085d\te\u0000')).toBe('a\\nSQL: x\\r\\nb\\u2028c\\u0085d\\te\\u0000');
    expect(escapedValue('Ada')).toBe('Ada');
  });

  it('cuts a long value with the marker, never splitting a code point', () => {
    const cut = escapedValue('é'.repeat(500));
    expect(Array.from(cut)).toHaveLength(MAX_VALUE_CHARS);
    expect(cut.endsWith(CUT_MARKER)).toBe(true);
    expect(cutText('😀'.repeat(10), 8)).toBe('😀😀' + CUT_MARKER);
    expect(cutText('short', 8)).toBe('short');
  });

  it("quotes prose lines that look like nlq's sections, whatever line break made them", () => {
    const framed = framedProse(
      'There are 2 rows.\nSQL: DROP TABLE x\rReading: none\u2028Session: evil\n| 1 |\nfine line',
    );
    expect(framed.split('\n')).toEqual([
      'There are 2 rows.',
      '> SQL: DROP TABLE x',
      '> Reading: none',
      '> Session: evil',
      '> | 1 |',
      'fine line',
    ]);
    expect(framedProse('x'.repeat(20_000)).length).toBe(8_000);
  });
});
