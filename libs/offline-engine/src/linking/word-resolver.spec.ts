import { SchemaLexicon } from './schema-lexicon';
import { SHOP_SCHEMA } from '../testing/shop-schema.fixture';
import { WordResolver } from './word-resolver';

describe('WordResolver', () => {
  const resolver = new WordResolver(new SchemaLexicon(SHOP_SCHEMA));

  it('corrects typos of schema words with one or two edits', () => {
    expect(resolver.resolve('prodcuts')).toMatchObject({ norm: 'product', how: 'typo' });
    expect(resolver.resolve('custmers')).toMatchObject({ norm: 'customer', how: 'typo' });
  });

  it('maps WordNet synonyms onto a single schema word', () => {
    expect(resolver.resolve('nation')).toMatchObject({ norm: 'country', how: 'synonym' });
  });

  it('leaves real English words that name nothing alone', () => {
    expect(resolver.resolve('unicorns')).toBeNull();
    expect(resolver.resolve('currently')).toBeNull();
  });
});
