import { tokenizeQuestion } from './question-tokenizer';

describe('tokenizeQuestion', () => {
  it('keeps quoted text verbatim, numbers with separators, dates and symbols', () => {
    const tokens = tokenizeQuestion(
      `update products set price = $1,299.50 where name is 'Widget Pro' since 2024-01-31`,
    );
    expect(tokens.map((t) => t.kind)).toEqual([
      'word',
      'word',
      'word',
      'word',
      'symbol',
      'number',
      'word',
      'word',
      'word',
      'quoted',
      'word',
      'date',
    ]);
    expect(tokens[5].value).toBe(1299.5);
    expect(tokens[9].raw).toBe('Widget Pro');
  });

  it('drops possessives and punctuation, splits hyphens, and normalises to singular', () => {
    const tokens = tokenizeQuestion("Which country's customers are best-selling?");
    expect(tokens.map((t) => t.norm)).toEqual(['which', 'country', 'customer', 'are', 'best', 'selling']);
  });

  it('does not take an apostrophe inside a word for a quote', () => {
    expect(tokenizeQuestion("don't list O'Brien").map((t) => t.kind)).toEqual(['word', 'word', 'word']);
  });
});
