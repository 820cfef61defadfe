import { splitColumnList } from './projection-reader';

describe('splitColumnList', () => {
  it('splits a question from the columns it lists, with bullets, commas or new lines', () => {
    expect(
      splitColumnList(
        "Show customers not in the US. The resultant table should include: - Customer's full name - Customer Id, - Customer's country",
      ),
    ).toEqual({
      body: 'Show customers not in the US.',
      items: ["Customer's full name", 'Customer Id', "Customer's country"],
    });
    expect(splitColumnList('list products; show the following columns: name, unit price and stock')).toEqual({
      body: 'list products;',
      items: ['name', 'unit price', 'stock'],
    });
    expect(splitColumnList('invoices in 2010. Output should contain:\n- invoice id\n- total')).toEqual({
      body: 'invoices in 2010.',
      items: ['invoice id', 'total'],
    });
  });

  it('reads a closing sentence that names the columns', () => {
    expect(
      splitColumnList('What are the top 5 cities by population? Give both city names and the population.'),
    ).toEqual({
      body: 'What are the top 5 cities by population?',
      items: ['city names', 'the population'],
    });
  });

  it('leaves questions without a column list alone', () => {
    expect(splitColumnList('how many customers are there?')).toBeNull();
    expect(splitColumnList('ratio: orders to customers')).toBeNull();
  });
});
