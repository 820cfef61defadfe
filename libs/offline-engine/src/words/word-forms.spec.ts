import { humanize, pluralize, singularize, splitIdentifier } from './word-forms';

describe('word forms', () => {
  it('singularizes common plural shapes and leaves singular words alone', () => {
    expect(
      ['categories', 'boxes', 'orders', 'status', 'address', 'people', 'sales', 'matches'].map(singularize),
    ).toEqual(['category', 'box', 'order', 'status', 'address', 'person', 'sale', 'match']);
  });

  it('pluralizes for answers', () => {
    expect(['category', 'box', 'customer', 'person'].map(pluralize)).toEqual([
      'categories',
      'boxes',
      'customers',
      'people',
    ]);
  });

  it('splits snake_case, camelCase and acronyms', () => {
    expect(splitIdentifier('order_items')).toEqual(['order', 'items']);
    expect(splitIdentifier('BillingCountry')).toEqual(['billing', 'country']);
    expect(splitIdentifier('customerID')).toEqual(['customer', 'id']);
    expect(splitIdentifier('HTTPStatus2')).toEqual(['http', 'status2']);
    expect(humanize('UnitPrice')).toBe('unit price');
  });
});
