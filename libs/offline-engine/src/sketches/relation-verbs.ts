/**
 * An unknown transitive verb between a table and a related table: "How many orders did
 * each employee handle?" counts each employee's orders. The verb only names how the two tables' rows relate, which
 * the one foreign key between them already says; with no such key, or several (an order's sales employee and its
 * approving employee), the verb could mean any of them and the question is refused as before.
 */
import stem from 'wink-porter2-stemmer';
import type { JoinPlanner } from '../linking/join-planner';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import type { Item } from '../linking/question-items';
import type { QuestionToken } from '../words/question-tokenizer';
import { lemmasOf } from '../words/word-lemmas';
import { wordNet } from '../words/wordnet-lexicon';

/** The tables a mention item names (its column targets, if any, of those tables only). */
function tablesOf(item: Item): string[] {
  if (item.t !== 'mention') return [];
  const tables = new Set(item.targets.filter((t) => t.kind === 'table').map((t) => t.table));
  return item.targets.every((t) => tables.has(t.table) && t.kind !== 'value') ? [...tables] : [];
}

/**
 * The token index of the verb to read as the relation, or null: the question's one unknown word is its last word
 * and a verb in WordNet; the items count one table's rows ("how many orders") per row of another ("each
 * employee"), two table words in all; exactly one foreign key leads from the counted table to the other; and no
 * stored value of the counted table shares the verb's stem (a state the verb would select).
 */
export function relationVerbAt(
  tokens: readonly QuestionToken[],
  unknownAt: readonly number[],
  items: readonly Item[],
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
): number | null {
  if (unknownAt.length !== 1) return null;
  const at = unknownAt[0];
  const lastWord = tokens.reduce((last, t, i) => (t.kind === 'word' ? i : last), -1);
  if (at !== lastWord) return null;
  const word = tokens[at].lower;
  if (![word, ...lemmasOf(word)].some((w) => wordNet().partsOfSpeech(w).includes('v'))) return null;
  const tables = items.filter((it) => it.t === 'mention');
  if (tables.length !== 2 || tables.some((t) => tablesOf(t).length !== 1)) return null;
  const count = items.findIndex((it) => it.t === 'kw' && it.kw === 'count');
  const group = items.findIndex((it) => it.t === 'kw' && it.kw === 'group');
  const counted = items.indexOf(tables[0]);
  const owner = items.indexOf(tables[1]);
  if (!(count >= 0 && count < counted && counted < group && group < owner)) return null;
  const [from] = tablesOf(tables[0]);
  const [to] = tablesOf(tables[1]);
  if (from === to || planner.distance(from, to) !== 1) return null;
  // a verb naming a stored state of the counted rows ("cancel" and a status 'cancelled') keeps only those rows
  const verbStem = stem(lemmasOf(word)[0] ?? word);
  const states = lexicon
    .table(from)
    .columns.flatMap((c) => c.sampleValues ?? [])
    .flatMap((v) => v.toLowerCase().split(/[^a-z]+/));
  if (states.some((w) => w && stem(w) === verbStem)) return null;
  try {
    const plan = planner.plan(from, [to]);
    return plan.joins.length === 1 && plan.joins[0].manyToOne ? at : null;
  } catch {
    // two foreign keys between the tables: the verb would have to say which
    return null;
  }
}
