import type { Item, MentionItem } from './question-items';

/**
 * Noun compounds of two column names ("population density") or two table names ("business category"): English
 * compounds are right-headed (the last noun is the head, the ones before modify it; Downing 1977, and the head rule
 * of NP parsing), so when a mention directly follows another of the same kind (no word between) and both can be
 * columns of one table, or the two tables are `linked` by a foreign key, the first only qualifies the second and is
 * set aside (marked used): "population density" reads as `density`, "business category" as `category`. A table
 * word before a column ("order total") stays. Mutates and returns `items`.
 */
export function resolveColumnCompounds(items: Item[], linked: (a: string, b: string) => boolean = () => false): Item[] {
  for (let k = 1; k < items.length; k++) {
    const head = items[k];
    const modifier = items[k - 1];
    if (head.t !== 'mention' || !head.joined || modifier.t !== 'mention' || modifier.used) continue;
    if (isOnly(modifier, 'column') && isOnly(head, 'column')) {
      const headTables = new Set(head.targets.map((t) => t.table));
      if (!modifier.targets.some((t) => headTables.has(t.table))) continue;
    } else if (isOnly(modifier, 'table') && isOnly(head, 'table')) {
      // "business category": the category of a business, when the two tables are joined by a key; a modifier noun is
      // singular ("authors wrote papers" is no compound)
      if (modifier.plural || !modifier.targets.some((m) => head.targets.some((h) => linked(m.table, h.table)))) continue;
    } else continue;
    modifier.used = true;
    delete head.joined;
  }
  return items;
}

function isOnly(item: MentionItem, kind: 'column' | 'table'): boolean {
  return item.targets.length > 0 && item.targets.every((t) => t.kind === kind);
}
