import { checkQuestion } from './intake';

describe('intake stage', () => {
  it('accepts a question and trims it', () => {
    expect(checkQuestion('  How many customers?  ', 100)).toEqual({ ok: true, question: 'How many customers?' });
  });

  it.each(['', '   ', '\n\t '])('refuses an empty or whitespace-only question %j', (q) => {
    const r = checkQuestion(q, 100);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/empty/);
  });

  it('refuses a non-string question', () => {
    expect(checkQuestion(undefined, 100).ok).toBe(false);
  });

  it('accepts exactly the limit and refuses one character more, naming both lengths', () => {
    expect(checkQuestion('x'.repeat(10), 10).ok).toBe(true);
    const r = checkQuestion('x'.repeat(11), 10);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/too long: 11 characters, at most 10/);
  });
});
