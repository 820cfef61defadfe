import { questionTerms, textTerms, wordTerms } from './linking-terms';

describe('linking terms', () => {
  it('drops stop words, lemmatises and adds the synonym group head', () => {
    expect(wordTerms('the')).toEqual([]);
    expect(wordTerms('Orders')).toEqual(['order']);
    expect(wordTerms('people')).toEqual(['person', 'population']);
    expect(wordTerms('clients')).toEqual(['client', 'customer']);
    expect(wordTerms('customers')).toEqual(['customer']);
  });

  it('splits identifiers the same way as questions', () => {
    expect(textTerms('order_items')).toEqual(['order', 'item', 'product']);
    expect(textTerms('InvoiceLine')).toEqual(['invoice', 'line']);
  });

  it('weighs words as written 1 and synonyms 0.6', () => {
    const terms = questionTerms('Which clients bought the most items?');
    expect(terms.get('client')).toBe(1);
    expect(terms.get('customer')).toBe(0.6);
    expect(terms.get('buy')).toBe(1);
    expect(terms.has('which')).toBe(false);
  });
});
