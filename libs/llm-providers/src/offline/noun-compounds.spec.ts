import type { Item } from './question-items';
import { resolveColumnCompounds } from './noun-compounds';

const column = (table: string, name: string) => ({ kind: 'column' as const, table, column: name, exact: true });
const mention = (text: string, targets: Extract<Item, { t: 'mention' }>['targets'], joined = false): Item => ({ t: 'mention', text, targets, plural: false, used: false, ...(joined ? { joined } : {}) });

describe('resolveColumnCompounds', () => {
  it('keeps the head of two joined column names of one table ("population density")', () => {
    const items = resolveColumnCompounds([mention('population', [column('state', 'population'), column('city', 'population')]), mention('density', [column('state', 'density')], true)]);
    expect(items.map((i) => i.used)).toEqual([true, false]);
  });

  it('leaves a table word before a column, and columns of different tables, alone', () => {
    const tableFirst = resolveColumnCompounds([mention('order', [{ kind: 'table', table: 'orders' }]), mention('total', [column('orders', 'total')], true)]);
    expect(tableFirst.map((i) => i.used)).toEqual([false, false]);
    const apart = resolveColumnCompounds([mention('length', [column('river', 'length')]), mention('area', [column('state', 'area')], true)]);
    expect(apart.map((i) => i.used)).toEqual([false, false]);
    const notJoined = resolveColumnCompounds([mention('population', [column('state', 'population')]), mention('density', [column('state', 'density')])]);
    expect(notJoined.map((i) => i.used)).toEqual([false, false]);
  });
});
