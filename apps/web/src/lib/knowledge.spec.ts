import type { KnowledgeDefinition } from '@nlq/contracts';
import { definitionLines, definitionMeaning, definitionName, definitionsUsed } from './knowledge';
import { lineDiff } from './line-diff';

const META = {
  id: 'd1',
  connection_id: 'default',
  version: 1,
  created_at: 't',
  updated_at: 't',
  updated_by: 'service',
  deleted: false,
  status: 'active' as const,
};
const REVENUE: KnowledgeDefinition = {
  ...META,
  kind: 'metric',
  name: 'revenue',
  synonyms: ['sales', 'turnover'],
  description: 'd',
  expression: 'SUM(orders.total_amount)',
  filter: "orders.status <> 'cancelled'",
};

describe('lineDiff', () => {
  it('keeps common lines and marks removed before added', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'removed', text: 'b' },
      { op: 'added', text: 'x' },
      { op: 'same', text: 'c' },
    ]);
  });
  it('treats an empty text as no lines', () => {
    expect(lineDiff('', 'a\nb')).toEqual([
      { op: 'added', text: 'a' },
      { op: 'added', text: 'b' },
    ]);
    expect(lineDiff('a', '')).toEqual([{ op: 'removed', text: 'a' }]);
    expect(lineDiff('', '')).toEqual([]);
  });
  it('finds the longest common run across insertions and deletions', () => {
    const ops = lineDiff('1\n2\n3\n4', '0\n1\n3\n4\n5');
    expect(ops.filter((l) => l.op === 'same').map((l) => l.text)).toEqual(['1', '3', '4']);
    expect(ops.filter((l) => l.op === 'added').map((l) => l.text)).toEqual(['0', '5']);
    expect(ops.filter((l) => l.op === 'removed').map((l) => l.text)).toEqual(['2']);
  });
  it('shows identical texts unchanged', () => {
    expect(lineDiff('a\nb', 'a\nb').every((l) => l.op === 'same')).toBe(true);
  });
});

describe('definition helpers', () => {
  it('says what each kind means', () => {
    expect(definitionMeaning(REVENUE)).toBe("SUM(orders.total_amount) WHERE orders.status <> 'cancelled'");
    expect(definitionMeaning({ ...REVENUE, filter: null })).toBe('SUM(orders.total_amount)');
    expect(
      definitionMeaning({
        ...META,
        kind: 'filter',
        name: 'good',
        synonyms: [],
        description: '',
        condition: 'r.rating > 2.5',
      }),
    ).toBe('r.rating > 2.5');
    expect(definitionMeaning({ ...META, kind: 'synonym', name: 'clients', synonyms: [], target: 'customers' })).toBe(
      'customers',
    );
    const instruction: KnowledgeDefinition = { ...META, kind: 'instruction', text: 'Use UTC.', scope: 'sql' };
    expect(definitionMeaning(instruction)).toBe('Use UTC.');
    expect(definitionName(instruction)).toBe('instruction (sql)');
  });
  it('diffs two versions field by field', () => {
    const v2 = { ...REVENUE, version: 2, filter: "orders.status NOT IN ('cancelled', 'pending')" };
    expect(definitionLines(REVENUE).split('\n')).toEqual([
      'name: revenue',
      'synonyms: sales, turnover',
      'description: d',
      'expression: SUM(orders.total_amount)',
      "filter: orders.status <> 'cancelled'",
    ]);
    const changed = lineDiff(definitionLines(REVENUE), definitionLines(v2)).filter((l) => l.op !== 'same');
    expect(changed).toEqual([
      { op: 'removed', text: "filter: orders.status <> 'cancelled'" },
      { op: 'added', text: "filter: orders.status NOT IN ('cancelled', 'pending')" },
    ]);
    expect(definitionLines({ ...v2, deleted: true }).endsWith('deleted: yes')).toBe(true);
  });
  it('lists the definitions an answer used, or nothing', () => {
    expect(definitionsUsed(undefined)).toBeNull();
    expect(definitionsUsed([])).toBeNull();
    expect(
      definitionsUsed([
        { kind: 'metric', id: 'a', name: 'revenue', version: 2 },
        { kind: 'filter', id: 'b', name: 'good restaurant', version: 1 },
      ]),
    ).toBe('Definitions used: revenue (v2), good restaurant (v1)');
  });
});
