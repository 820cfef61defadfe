import type { Item, MentionItem } from './question-items';

/**
 * Noun compounds of two column names ("population density"): English compounds are right-headed (the last noun is
 * the head, the ones before modify it; Downing 1977, and the head rule of NP parsing), so when a column mention
 * directly follows another (no word between) and both can be columns of one table, the first only qualifies the
 * second and is set aside (marked used): "population density" reads as `density`. A table word before a column
 * ("order total") is not a compound of columns and stays. Mutates and returns `items`.
 */
export function resolveColumnCompounds(items: Item[]): Item[] {
  for (let k = 1; k < items.length; k++) {
    const head = items[k];
    const modifier = items[k - 1];
    if (head.t !== 'mention' || !head.joined || modifier.t !== 'mention' || modifier.used) continue;
    if (!isColumnsOnly(modifier) || !isColumnsOnly(head)) continue;
    const headTables = new Set(head.targets.map((t) => t.table));
    if (!modifier.targets.some((t) => headTables.has(t.table))) continue;
    modifier.used = true;
    delete head.joined;
  }
  return items;
}

function isColumnsOnly(item: MentionItem): boolean {
  return item.targets.length > 0 && item.targets.every((t) => t.kind === 'column');
}
