import type { KnowledgeDefinition } from '@nlq/contracts';
import { matchVerifiedExample } from './verified-examples';

const examples = [
  {
    id: 'fr',
    question: 'How many customers are in France?',
    sql: "SELECT COUNT(*) FROM customers WHERE country = 'France'",
  },
  { id: 'top', question: 'Top 5 products by price', sql: 'SELECT name FROM products ORDER BY price DESC LIMIT 5' },
  {
    id: 'from',
    question: 'Flights from Boston to Denver',
    sql: "SELECT * FROM flights WHERE origin = 'BOS' AND destination = 'DEN'",
  },
];

describe('matchVerifiedExample', () => {
  it('matches the same question written another way: case, plural, framing words, punctuation', () => {
    expect(matchVerifiedExample('how many customer in france', examples, [])?.id).toBe('fr');
    expect(matchVerifiedExample('Show me the top 5 products by price.', examples, [])?.id).toBe('top');
  });

  it('never matches a question that differs in a word that changes the SQL', () => {
    for (const q of [
      'How many customers are not in France?',
      'How many customers are in Spain?',
      'Top 6 products by price',
      'Flights from Denver to Boston',
      'How many orders are in France?',
    ]) {
      expect({ q, match: matchVerifiedExample(q, examples, []) }).toEqual({ q, match: null });
    }
  });

  it('leaves a question with a metric or filter definition to the engine, and refuses to choose between two SQLs', () => {
    const metric = { kind: 'metric', id: 'm', name: 'customers' } as KnowledgeDefinition;
    expect(matchVerifiedExample('How many customers are in France?', examples, [metric])).toBeNull();
    const twice = [
      ...examples,
      {
        id: 'fr2',
        question: 'how many customers in France',
        sql: "SELECT COUNT(id) FROM customers WHERE country = 'France'",
      },
    ];
    expect(matchVerifiedExample('How many customers are in France?', twice, [])).toBeNull();
    expect(matchVerifiedExample('How many customers are in France?', undefined, undefined)).toBeNull();
  });
});
