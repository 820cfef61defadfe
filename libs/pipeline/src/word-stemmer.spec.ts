import { splitWords, stemWord, stemmedWords } from './word-stemmer';

describe('word stemmer', () => {
  it.each([
    ['customers', 'customer'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['addresses', 'address'],
    ['status', 'status'],
    ['ordered', 'order'],
    ['sales', 'sale'],
    ['was', 'was'],
    ['2023s', '2023s'],
  ])('%s -> %s', (word, stem) => expect(stemWord(word)).toBe(stem));

  it('splits snake_case, camelCase and punctuation', () => {
    expect(splitWords('orderItems, order_items!')).toEqual(['order', 'items', 'order', 'items']);
    expect(stemmedWords('Customer_IDs of customers')).toEqual(['customer', 'ids', 'of', 'customer']);
  });
});
