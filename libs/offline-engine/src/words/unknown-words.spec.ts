import { tokenizeQuestion } from './question-tokenizer';
import { classifyUnknownWord, confidenceAfter } from './unknown-words';

const kindOf = (question: string, word: string, schemaWords: string[] = []) => {
  const tokens = tokenizeQuestion(question);
  const index = tokens.findIndex((t) => t.lower === word);
  return classifyUnknownWord(tokens, index, (i) => !!tokens[i] && schemaWords.includes(tokens[i].lower)).kind;
};

describe('classifyUnknownWord', () => {
  it('treats adverbs and linking verbs as cheap, predicates and modifiers as costly', () => {
    expect(kindOf('how many customers are currently in Canada', 'currently', ['customers', 'canada'])).toBe('adverb');
    expect(kindOf('customers located in Canada', 'located', ['customers', 'canada'])).toBe('verb');
    expect(kindOf('how many customers churned', 'churned', ['customers'])).toBe('predicate');
    expect(kindOf('list the major cities', 'major', ['cities'])).toBe('modifier');
  });

  it('refuses names and negations outright', () => {
    expect(kindOf('orders of Zzyzxq', 'zzyzxq')).toBe('name');
    expect(kindOf('customers without orders', 'without', ['customers', 'orders'])).toBe('negation');
  });

  it('multiplies confidence', () => {
    expect(confidenceAfter([0.5, 0.5])).toBeCloseTo(0.25);
    expect(confidenceAfter([])).toBe(1);
  });
});
