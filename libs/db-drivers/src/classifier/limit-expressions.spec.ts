import type { DatabaseSchema } from '@nlq/contracts';
import { checkReferences } from './reference-checker';
import { parseSql } from './sql-ast';
import { classifySql } from './sql-classifier';
import { repairSql } from './sql-repair';

const schema: DatabaseSchema = {
  dialect: 'sqlite',
  version: 'v1',
  introspectedAt: '2026-01-01T00:00:00.000Z',
  tables: [
    {
      name: 't',
      kind: 'table',
      primaryKey: [],
      foreignKeys: [],
      columns: ['id', 'balance'].map((name) => ({ name, type: 'REAL', nullable: true, primaryKey: false })),
    },
  ],
};

/** The median idiom of defog sql-eval's gold SQL (ewallet), with expressions as LIMIT and OFFSET arguments. */
const MEDIAN =
  'WITH b AS (SELECT balance FROM t) SELECT AVG(balance) FROM (SELECT balance FROM b ORDER BY balance ' +
  'LIMIT 2 - (SELECT COUNT(*) FROM b) % 2 OFFSET (SELECT (COUNT(*) - 1) / 2 FROM b))';

describe('LIMIT and OFFSET expressions (SQLite, PostgreSQL)', () => {
  it.each(['sqlite', 'postgresql'] as const)(
    '%s: parses, classifies as a read and resolves references in the statement scope',
    (dialect) => {
      expect(parseSql(MEDIAN, dialect).ok).toBe(true);
      expect(classifySql(MEDIAN, dialect)).toMatchObject({ kind: 'read', tables: ['t'] });
      expect(checkReferences(MEDIAN, dialect, schema)).toEqual([]);
      expect(checkReferences('SELECT id FROM t LIMIT (SELECT COUNT(*) FROM nowhere)', dialect, schema)).toEqual([
        'unknown table "nowhere"',
      ]);
    },
  );

  it('sees a refused function or a write inside a LIMIT expression', () => {
    expect(classifySql("SELECT id FROM t LIMIT 1 + load_extension('x')", 'sqlite').kind).toBe('refused');
    expect(classifySql('SELECT id FROM t LIMIT 1 + pg_sleep(10)', 'postgresql').kind).toBe('refused');
    expect(classifySql('SELECT id FROM t LIMIT 1; DELETE FROM t', 'sqlite').kind).toBe('refused');
  });

  it('still refuses what the engines refuse or the parts do not parse', () => {
    expect(classifySql('SELECT id FROM t LIMIT 2 - 1 UNION SELECT 1', 'sqlite').kind).toBe('refused');
    expect(classifySql('SELECT id FROM t LIMIT 2 - 1', 'mysql').kind).toBe('refused');
    expect(classifySql('SELECT id FROM t LIMIT (1 +', 'sqlite').kind).toBe('refused');
  });

  it('leaves plain LIMIT n OFFSET m to the grammar', () => {
    expect(classifySql('SELECT id FROM t LIMIT 5 OFFSET 10', 'sqlite').kind).toBe('read');
  });
});

describe('double-quoted literals in a statement with LIMIT expressions', () => {
  it('are repaired like anywhere else', () => {
    const sql = MEDIAN.replace('SELECT balance FROM t)', 'SELECT balance FROM t WHERE id <> "x")');
    const r = repairSql(sql, 'sqlite', schema);
    expect(r.repairs).toEqual([{ rule: 'double-quoted-literal', from: '"x"', to: "'x'" }]);
    expect(classifySql(r.sql, 'sqlite').kind).toBe('read');
  });
});
