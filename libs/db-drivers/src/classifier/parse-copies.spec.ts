import { parseSql } from './sql-ast';
import { KEPT_PARSES, ParseCopies } from './parse-copies';

describe('ParseCopies', () => {
  it('hands out a copy equal to a new parse that its caller may change without changing the next copy', () => {
    const copies = new ParseCopies();
    const sql = 'SELECT name FROM customers WHERE id = 1';
    const first = parseSql(sql, 'sqlite');
    copies.keep(sql, 'sqlite', first);
    const copy = copies.copyOf(sql, 'sqlite');
    expect(copy).toEqual(first);
    expect(copy).not.toBe(first);
    if (!copy?.ok) throw new Error('expected a parsed statement');
    (copy.statements[0] as { type: string }).type = 'delete';
    const again = copies.copyOf(sql, 'sqlite');
    expect(again?.ok && (again.statements[0] as { type: string }).type).toBe('select');
  });

  it('tells dialects apart and forgets the least recently used statement beyond its size', () => {
    const copies = new ParseCopies();
    const sql = (n: number) => `SELECT ${n}`;
    copies.keep(sql(0), 'sqlite', parseSql(sql(0), 'sqlite'));
    expect(copies.copyOf(sql(0), 'postgresql')).toBeNull();
    for (let n = 1; n < KEPT_PARSES; n++) copies.keep(sql(n), 'sqlite', parseSql(sql(n), 'sqlite'));
    expect(copies.copyOf(sql(0), 'sqlite')).not.toBeNull(); // now the most recently used
    copies.keep(sql(KEPT_PARSES), 'sqlite', parseSql(sql(KEPT_PARSES), 'sqlite'));
    expect(copies.copyOf(sql(1), 'sqlite')).toBeNull();
    expect(copies.copyOf(sql(0), 'sqlite')).not.toBeNull();
  });
});
