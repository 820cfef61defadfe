import { documentedNames } from './documented-names';

describe('the names a documented meaning gives its column', () => {
  it('the part, its leading noun phrase and its head noun', () => {
    expect(documentedNames('Total amount of the order')).toEqual([
      ['total', 'amount', 'of', 'the', 'order'],
      ['total', 'amount'],
      ['amount'],
    ]);
    expect(documentedNames('Employee salary per year')).toContainEqual(['salary']);
    expect(documentedNames('Rating in stars (1 to 5)')).toContainEqual(['rating']);
  });

  it('drops trailing words that are no noun, and never names a keyword or a lone function word', () => {
    expect(documentedNames('Quantity ordered')).toEqual([['quantity', 'ordered'], ['quantity']]);
    expect(documentedNames('Order total')).not.toContainEqual(['total']);
    expect(documentedNames('The of')).toEqual([['the', 'of']]);
  });

  it('reads each part of a comment split at punctuation', () => {
    const names = documentedNames('Title 1 / No Child Left Behind; funding in dollars');
    expect(names).toContainEqual(['no', 'child', 'left', 'behind']);
    expect(names).toContainEqual(['funding']);
  });
});
