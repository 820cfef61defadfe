import { responseWithReading } from './reading-text';

describe('responseWithReading', () => {
  it('puts the reading on its own line after the answer when it says more than the answer', () => {
    expect(responseWithReading('Customers: 74.', "Counted customers with country 'France'.")).toBe(
      "Customers: 74.\nCounted customers with country 'France'.",
    );
    expect(responseWithReading('There are 3,845 orders.', "Counted orders with status 'delivered'.")).toBe(
      "There are 3,845 orders.\nCounted orders with status 'delivered'.",
    );
  });

  it('leaves the answer alone when the reading only repeats it, or there is none', () => {
    expect(responseWithReading('There are 1,000 customers.', 'Counted customers.')).toBe('There are 1,000 customers.');
    expect(responseWithReading('Customers: 1,000.', 'Counted customers.')).toBe('Customers: 1,000.');
    expect(
      responseWithReading(
        'Found 12 orders with status shipped in 2024.',
        "Listed orders with status 'shipped' in 2024.",
      ),
    ).toBe('Found 12 orders with status shipped in 2024.');
    expect(responseWithReading('Done.', null)).toBe('Done.');
    expect(responseWithReading('Done.', '  ')).toBe('Done.');
  });
});
