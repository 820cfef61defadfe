import type { Item, MentionItem } from './question-items';
import type { QuestionToken } from '../words/question-tokenizer';
import type { SchemaLexicon } from './schema-lexicon';
import { normalizedWords } from '../words/word-forms';
import { wordNet } from '../words/wordnet-lexicon';

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
      if (modifier.plural || !modifier.targets.some((m) => head.targets.some((h) => linked(m.table, h.table))))
        continue;
    } else continue;
    modifier.used = true;
    delete head.joined;
  }
  return items;
}

function isOnly(item: MentionItem, kind: 'column' | 'table'): boolean {
  return item.targets.length > 0 && item.targets.every((t) => t.kind === kind);
}

/**
 * Unknown nouns that only modify the head noun after them, when that head is by itself the whole name of a column
 * ("job title" -> `title`, "selling price" aside): English compounds are right-headed, so "job" says which title,
 * and the column named by the head is the one meant. A modifier is a word that matched nothing (`unknownAt`), is a
 * noun to WordNet, and is no word of any schema name or value (so it cannot name another column); the head is the
 * very next token and the lexicon reads it alone as a column named by that one word. Returns the token indexes of
 * such modifiers, to be skipped when the question is itemized again.
 */
export function compoundModifiers(
  tokens: readonly QuestionToken[],
  unknownAt: readonly number[],
  lexicon: SchemaLexicon,
  skip: ReadonlySet<number>,
): number[] {
  const out: number[] = [];
  for (const i of unknownAt) {
    const modifier = tokens[i];
    const head = tokens[i + 1];
    if (
      modifier?.kind !== 'word' ||
      head?.kind !== 'word' ||
      skip.has(i + 1) ||
      schemaNameWords(lexicon).has(modifier.norm)
    )
      continue;
    if (!wordNet().synsets(modifier.norm, 'n', 1).length) continue;
    const match = lexicon.matchAt([{ norm: head.norm, lower: head.lower }], 0);
    const named = match?.targets.some((t) => t.kind === 'column' && normalizedWords(t.column).join(' ') === head.norm);
    if (match?.length === 1 && named) out.push(i);
  }
  return out;
}

const NAME_WORDS = new WeakMap<SchemaLexicon, Set<string>>();

/** Every word of the schema's table and column names (matching form), computed once per lexicon. */
function schemaNameWords(lexicon: SchemaLexicon): Set<string> {
  let words = NAME_WORDS.get(lexicon);
  if (!words) {
    words = new Set<string>();
    for (const table of lexicon.tables.values())
      for (const name of [table.name, ...table.columns.map((c) => c.name)])
        for (const w of normalizedWords(name)) words.add(w);
    NAME_WORDS.set(lexicon, words);
  }
  return words;
}
