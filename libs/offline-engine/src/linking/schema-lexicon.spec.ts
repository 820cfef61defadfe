import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { SchemaLexicon } from './schema-lexicon';
import { normalizedWords } from '../words/word-forms';

const col = (name: string, extra: Partial<ColumnSchema> = {}): ColumnSchema => ({
  name,
  type: 'TEXT',
  nullable: true,
  primaryKey: false,
  ...extra,
});
const table = (name: string, columns: ColumnSchema[]): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: [],
  foreignKeys: [],
});
const schema = (...tables: TableSchema[]): DatabaseSchema => ({
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00Z',
  version: 't',
  tables,
});
const words = (text: string) => text.split(' ').map((w) => ({ lower: w, norm: normalizedWords(w)[0] ?? w }));

describe('SchemaLexicon', () => {
  const lex = new SchemaLexicon(
    schema(
      table('restaurant', [
        col('name', { knownValues: ['buttercup kitchen', 'french restaurant', 'tommy'] }),
        col('food_type', { knownValues: ['french', 'chinese'] }),
        col('city_name', { sampleValues: ['alameda'] }),
      ]),
      table('lake', [col('lake_name'), col('country_name')]),
    ),
  );

  it('matches known values of high-cardinality columns as values', () => {
    expect(lex.matchAt(words('buttercup kitchen in town'), 0)).toEqual({
      length: 2,
      targets: [{ kind: 'value', table: 'restaurant', column: 'name', value: 'buttercup kitchen' }],
    });
  });

  it('never lets a known value swallow a word that names a table or column', () => {
    // "french restaurant" is a stored name too, but here it reads as the food type and the table
    expect(lex.matchAt(words('french restaurant'), 0)).toEqual({
      length: 1,
      targets: [{ kind: 'value', table: 'restaurant', column: 'food_type', value: 'french' }],
    });
  });

  it('names an entity without a table by its name column ("country" -> country_name)', () => {
    expect(lex.matchAt(words('country'), 0)?.targets).toEqual([
      { kind: 'column', table: 'lake', column: 'country_name', exact: false },
    ]);
    // "restaurant" has a table: its name column is not added under the table's word
    expect(lex.matchAt(words('restaurant'), 0)?.targets).toEqual([{ kind: 'table', table: 'restaurant' }]);
  });
});
