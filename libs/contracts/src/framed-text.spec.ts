import { CUT_MARKER, MAX_VALUE_CHARS, ProseFramer, cutText, escapedValue, framedProse } from './framed-text';

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

  it('frames a text streamed in pieces exactly as the whole, wherever the pieces split it', () => {
    const text =
      'Total: 3.\r\nSQL: DROP TABLE x\nreading\rfine\r\n' +
      '(12 more rows)\u2028' +
      'a line long enough to be decided before its end arrives, and then some\nNote: quoted';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 9;
    for (const max of [8_000, 60, 20]) {
      for (let round = 0; round < 200; round++) {
        const framer = new ProseFramer(max);
        let joined = '';
        for (let at = 0; at < text.length;) {
          const size = next();
          joined += framer.push(text.slice(at, at + size));
          at += size;
        }
        joined += framer.end();
        expect(joined).toBe(framedProse(text, max));
      }
    }
    expect(framedProse(text).split('\n')).toEqual([
      'Total: 3.',
      '> SQL: DROP TABLE x',
      '> reading',
      'fine',
      '> (12 more rows)',
      'a line long enough to be decided before its end arrives, and then some',
      '> Note: quoted',
    ]);
    expect(framedProse(text, 20)).toBe('Total: 3.\n> SQ…(cut)');
  });

  it('streams the first line as it comes, and holds the start of a later line until it is decided', () => {
    const framer = new ProseFramer();
    expect(framer.push('The answer')).toBe('The answer');
    expect(framer.push(' is 42.\nThe rest')).toBe(' is 42.\n');
    expect(framer.push(' of the answer says that there are forty-two')).toBe(
      'The rest of the answer says that there are forty-two',
    );
    expect(framer.push(' of them.')).toBe(' of them.');
    expect(framer.push('\nSQL')).toBe('\n');
    expect(framer.end()).toBe('> SQL');
  });
});
