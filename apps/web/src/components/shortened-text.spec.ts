import { shortenText } from './shortened-text';

describe('shortenText', () => {
  it('keeps a short text, collapsing its white space', () => {
    expect(shortenText('How many\n  customers?')).toBe('How many customers?');
  });

  it('cuts a long text at a space near the limit and ends it with an ellipsis', () => {
    const question = `Show ${'total sales '.repeat(1000)}`;
    const short = shortenText(question, 40);
    expect(short).toBe('Show total sales total sales total sales…');
    expect(Array.from(short).length).toBeLessThanOrEqual(41);
  });

  it('cuts a text without spaces at the limit, never inside a character', () => {
    expect(shortenText('x'.repeat(10_000), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(shortenText('🙂'.repeat(20), 5)).toBe(`${'🙂'.repeat(5)}…`);
  });
});
