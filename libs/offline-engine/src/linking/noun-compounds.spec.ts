import type { Item } from './question-items';
import { resolveColumnCompounds } from './noun-compounds';

const column = (table: string, name: string) => ({ kind: 'column' as const, table, column: name, exact: true });
const mention = (text: string, targets: Extract<Item, { t: 'mention' }>['targets'], joined = false): Item => ({
  t: 'mention',
  text,
  targets,
  plural: false,
  used: false,
  ...(joined ? { joined } : {}),
});

describe('resolveColumnCompounds', () => {
  it('keeps the head of two joined column names of one table ("population density")', () => {
    const items = resolveColumnCompounds([
      mention('population', [column('state', 'population'), column('city', 'population')]),
      mention('density', [column('state', 'density')], true),
    ]);
    expect(items.map((i) => i.used)).toEqual([true, false]);
  });

  it('leaves a table word before a column, and columns of different tables, alone', () => {
    const tableFirst = resolveColumnCompounds([
      mention('order', [{ kind: 'table', table: 'orders' }]),
      mention('total', [column('orders', 'total')], true),
    ]);
    expect(tableFirst.map((i) => i.used)).toEqual([false, false]);
    const apart = resolveColumnCompounds([
      mention('length', [column('river', 'length')]),
      mention('area', [column('state', 'area')], true),
    ]);
    expect(apart.map((i) => i.used)).toEqual([false, false]);
    const notJoined = resolveColumnCompounds([
      mention('population', [column('state', 'population')]),
      mention('density', [column('state', 'density')]),
    ]);
    expect(notJoined.map((i) => i.used)).toEqual([false, false]);
  });

  it('keeps the head of a singular table name before a linked table ("business category"), not of a plural', () => {
    const table = (t: string) => ({ kind: 'table' as const, table: t });
    const linked = (a: string, b: string) => [a, b].sort().join() === 'business,category';
    const compound = resolveColumnCompounds(
      [mention('business', [table('business')]), mention('category', [table('category')], true)],
      linked,
    );
    expect(compound.map((i) => i.used)).toEqual([true, false]);
    const plural: Item[] = [
      { ...(mention('businesses', [table('business')]) as Extract<Item, { t: 'mention' }>), plural: true },
      mention('category', [table('category')], true),
    ];
    expect(resolveColumnCompounds(plural, linked).map((i) => i.used)).toEqual([false, false]);
  });
});
