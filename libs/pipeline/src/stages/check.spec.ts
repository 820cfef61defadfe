import type { DatabaseSchema } from '@nlq/contracts';
import { CheckCache, checkSql, describeReferenceErrors, describeRepairs } from './check';

const schema: DatabaseSchema = {
  dialect: 'sqlite',
  version: 'v1',
  introspectedAt: '2024-01-01T00:00:00.000Z',
  tables: [
    {
      name: 't',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      columns: [
        { name: 'id', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'deleted_at', type: 'TEXT', nullable: true, primaryKey: false },
      ],
    },
  ],
};

describe('check stage (real SQL checker)', () => {
  it('classifies a read that mentions deleted_at as a read, normalising the text', () => {
    const r = checkSql('SELECT deleted_at FROM t;  ', 'sqlite', schema);
    expect(r.classification.kind).toBe('read');
    expect(r.referenceErrors).toEqual([]);
    expect(r.sql).toBe('SELECT deleted_at FROM t');
  });

  it('refuses stacked statements', () => {
    expect(checkSql('SELECT id FROM t; DELETE FROM t', 'sqlite', schema).classification.kind).toBe('refused');
  });

  it('reports unknown tables and columns of reads and writes', () => {
    const read = checkSql('SELECT nme FROM t', 'sqlite', schema);
    expect(read.referenceErrors.join(' ')).toMatch(/nme/);
    const write = checkSql('UPDATE nowhere SET a = 1', 'sqlite', schema);
    expect(write.classification.kind).toBe('write');
    expect(write.referenceErrors.join(' ')).toMatch(/nowhere/);
    expect(describeReferenceErrors(['unknown column nme'])).toMatch(/do not exist in the schema: unknown column nme/);
  });

  it('does not reference-check DDL (CREATE names a table that does not exist yet)', () => {
    const r = checkSql('CREATE TABLE fresh (id INTEGER)', 'sqlite', schema);
    expect(r.classification.kind).toBe('ddl');
    expect(r.referenceErrors).toEqual([]);
  });

  describe('deterministic repairs', () => {
    const tv: DatabaseSchema = {
      ...schema,
      tables: [
        ...schema.tables,
        {
          name: 'show',
          kind: 'table',
          primaryKey: ['id'],
          foreignKeys: [],
          columns: [{ name: 'title', type: 'TEXT', nullable: true, primaryKey: false }],
        },
      ],
    };

    it('repairs and re-checks: a keyword table and a double-quoted literal', () => {
      const r = checkSql('SELECT title FROM show WHERE title = "Alpha";', 'sqlite', tv);
      expect(r.sql).toBe('SELECT title FROM "show" WHERE title = \'Alpha\'');
      expect(r.classification.kind).toBe('read');
      expect(r.repairs.map((x) => x.rule)).toEqual(['keyword-identifier', 'double-quoted-literal']);
      expect(describeRepairs(r.repairs)).toBe(
        'show -> "show" (keyword-identifier); "Alpha" -> \'Alpha\' (double-quoted-literal)',
      );
    });

    it('never repairs a statement refused for any reason but parsing, and keeps a write a write', () => {
      const pragma = checkSql('PRAGMA table_info(show)', 'sqlite', tv);
      expect(pragma.classification.kind).toBe('refused');
      expect(pragma.repairs).toEqual([]);
      const stacked = checkSql('SELECT title FROM show; DELETE FROM show', 'sqlite', tv);
      expect(stacked.classification.kind).toBe('refused');
      expect(stacked.repairs).toEqual([]);
      const write = checkSql('DELETE FROM show WHERE title = "x"', 'sqlite', tv);
      expect(write.classification.kind).toBe('write');
      expect(write.repairs).toHaveLength(2);
    });

    it('gives no repairs for SQL that needs none', () => {
      expect(checkSql("SELECT id FROM t WHERE deleted_at > '2020'", 'sqlite', schema).repairs).toEqual([]);
    });
  });
});

describe('CheckCache', () => {
  it('answers like checkSql, per schema version, and hands out copies', () => {
    const cache = new CheckCache(2);
    const first = cache.check('SELECT nope FROM t', 'sqlite', schema);
    expect(first).toEqual(checkSql('SELECT nope FROM t', 'sqlite', schema));
    first.referenceErrors.push('changed by the caller');
    expect(cache.check('SELECT nope FROM t', 'sqlite', schema)).toEqual(
      checkSql('SELECT nope FROM t', 'sqlite', schema),
    );
    // another schema version with the column: checked again, not taken from memory
    const v2: DatabaseSchema = {
      ...schema,
      version: 'v2',
      tables: [
        {
          ...schema.tables[0],
          columns: [...schema.tables[0].columns, { name: 'nope', type: 'TEXT', nullable: true, primaryKey: false }],
        },
      ],
    };
    expect(cache.check('SELECT nope FROM t', 'sqlite', v2).referenceErrors).toEqual([]);
    // past maxEntries the least recently used is dropped, and still answered right
    cache.check('SELECT id FROM t', 'sqlite', schema);
    expect(cache.check('SELECT nope FROM t', 'sqlite', schema).referenceErrors).not.toEqual([]);
  });
});
