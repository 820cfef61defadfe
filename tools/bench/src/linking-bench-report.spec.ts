import type { DatabaseSchema } from '@nlq/contracts';
import { goldTablesOf, splitAlternatives } from './linking-bench-data';
import { goldKept, measureBudget, type LinkFunction } from './linking-bench-report';
import { syntheticCatalog, syntheticQuestions } from './linking-bench-synthetic';

describe('linking benchmark', () => {
  it('reads gold tables with the classifier and splits defog alternatives outside quotes', () => {
    expect(goldTablesOf('SELECT c.name FROM CITY AS c JOIN state s ON s.x = c.y WHERE c.n = "a;b";')).toEqual([
      'city',
      'state',
    ]);
    expect(goldTablesOf('not sql at all')).toBeNull();
    expect(splitAlternatives("SELECT 1 FROM a WHERE x = ';';SELECT 2 FROM b")).toEqual([
      "SELECT 1 FROM a WHERE x = ';'",
      'SELECT 2 FROM b',
    ]);
  });

  it('counts a question found when one alternative has all its tables kept in the right namespace', () => {
    const q = { id: 'q', namespace: 'Geo', question: '', goldTables: [['city', 'state'], ['city']] };
    expect(goldKept(q, new Set(['geo.city']))).toBe(true);
    expect(goldKept(q, new Set(['other.city', 'geo.state']))).toBe(false);
  });

  it('measures recall, tables kept and tokens per budget', () => {
    const schema = syntheticCatalog(40);
    const link: LinkFunction = (_q, s: DatabaseSchema) => ({
      schema: { ...s, tables: s.tables.slice(0, 3) },
      linkedTables: [],
      reduced: true,
      estimatedTokens: 10,
    });
    const questions = syntheticQuestions(schema, 4).map((q, i) => ({
      id: `s${i}`,
      namespace: q.table.schema ?? '',
      question: q.question,
      goldTables: [[q.table.name]],
    }));
    const r = measureBudget(link, schema, questions, 100);
    expect(r.questions).toBe(4);
    expect(r.tablesKept).toBe(3);
    expect(r.tokens).toBe(10);
    expect(r.found).toBeGreaterThanOrEqual(1);
    expect(r.missed).toHaveLength(4 - r.found);
  });

  it('builds a deterministic synthetic catalog with namespaced tables and qualified references', () => {
    const a = syntheticCatalog(1000);
    expect(a.tables).toHaveLength(1000);
    expect(new Set(a.tables.map((t) => t.schema)).size).toBe(20);
    expect(new Set(a.tables.map((t) => `${t.schema}.${t.name}`)).size).toBe(1000);
    const keys = new Set(a.tables.map((t) => `${t.schema}.${t.name}`));
    for (const t of a.tables) for (const fk of t.foreignKeys) expect(keys.has(fk.referencedTable)).toBe(true);
    expect(syntheticCatalog(1000)).toEqual(a);
  });
});
