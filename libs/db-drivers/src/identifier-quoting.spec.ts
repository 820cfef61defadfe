import type { Dialect } from '@nlq/contracts';
import { dialectFor } from './dialects';
import { quoteBareWord, quoteIdentifier, quoteIdentifierIfNeeded } from './identifier-quoting';

const ALL: Dialect[] = ['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'];

describe('identifier quoting, one implementation', () => {
  it('quotes with each engine quote character and doubles a closing quote inside the name', () => {
    expect(quoteIdentifier('a"b', 'sqlite')).toBe('"a""b"');
    expect(quoteIdentifier('a"b', 'postgresql')).toBe('"a""b"');
    expect(quoteIdentifier('a`b', 'mysql')).toBe('`a``b`');
    expect(quoteIdentifier('a`b', 'mariadb')).toBe('`a``b`');
    expect(quoteIdentifier('a]b', 'transactsql')).toBe('[a]]b]');
    expect(quoteIdentifier('a"b', 'snowflake')).toBe('"a""b"');
  });

  it('is what every dialect file quotes with', () => {
    for (const dialect of ALL) {
      for (const name of ['constructor', 'a"b', 'a`b', 'a]b', 'café menu', 'order'])
        expect(dialectFor(dialect).quoteIdentifier(name)).toBe(quoteIdentifier(name, dialect));
    }
  });

  it('leaves a plain, unreserved name bare only where the engine reads it bare as the same name', () => {
    expect(quoteIdentifierIfNeeded('customers', 'sqlite')).toBe('customers');
    expect(quoteIdentifierIfNeeded('constructorId', 'sqlite')).toBe('constructorId');
    expect(quoteIdentifierIfNeeded('constructorId', 'postgresql')).toBe('"constructorId"');
    expect(quoteIdentifierIfNeeded('customers', 'snowflake')).toBe('"customers"');
    expect(quoteIdentifierIfNeeded('CUSTOMERS', 'snowflake')).toBe('CUSTOMERS');
    expect(quoteIdentifierIfNeeded('order', 'mysql')).toBe('`order`');
    expect(quoteIdentifierIfNeeded('user', 'postgresql')).toBe('"user"');
    expect(quoteIdentifierIfNeeded('café menu', 'mariadb')).toBe('`café menu`');
    expect(quoteIdentifierIfNeeded('__proto__', 'sqlite')).toBe('__proto__');
  });

  it('quotes a bare word so that it keeps meaning what the bare word meant (case folding)', () => {
    expect(quoteBareWord('Show', 'postgresql')).toBe('"show"');
    expect(quoteBareWord('show', 'snowflake')).toBe('"SHOW"');
    expect(quoteBareWord('show', 'mysql')).toBe('`show`');
    expect(quoteBareWord('show', 'transactsql')).toBe('[show]');
  });
});
