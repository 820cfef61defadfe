/**
 * A word fitting several tables equally: "people in London" where customers, employees
 * and suppliers are all people (and all have a city London). WordNet places the word's sense above the nouns of
 * several tables (person -> customer, employee, supplier: hypernyms); the question is asked back with one reading
 * per table, the word replaced by the table's name, which the engine reads one way. A word the schema names itself
 * is never asked about.
 */
import { AmbiguousQuestionError } from '../checks/ambiguous-reading';
import { pluralWords } from '../sketches/intent-words';
import type { QuestionToken } from '../words/question-tokenizer';
import { tableNoun, type SchemaLexicon } from './schema-lexicon';
import { lemmasOf } from '../words/word-lemmas';
import type { WordResolution } from './word-resolver';
import { wordNet } from '../words/wordnet-lexicon';

/** Per schema: each table's key -> the WordNet synsets above the head noun of its name (first sense). */
const ancestorsBySchema = new WeakMap<SchemaLexicon, Map<string, Set<string>>>();

function tableAncestors(lexicon: SchemaLexicon): Map<string, Set<string>> {
  let map = ancestorsBySchema.get(lexicon);
  if (!map) {
    map = new Map();
    for (const key of lexicon.tables.keys()) {
      const head = tableNoun(lexicon.table(key)).split(' ').pop() ?? '';
      map.set(key, head.length >= 3 ? wordNet().nounAncestors(head, 1) : new Set());
    }
    ancestorsBySchema.set(lexicon, map);
  }
  return map;
}

/** The tables whose name's noun is, in WordNet, a kind of what `word` names (its first noun sense, or its lemma's). */
export function tablesUnderWord(word: string, norm: string, lexicon: SchemaLexicon): string[] {
  const senses = new Set([word, norm, ...lemmasOf(word)].flatMap((f) => wordNet().nounSenses(f, 1)));
  if (!senses.size) return [];
  return [...tableAncestors(lexicon)].filter(([, above]) => [...senses].some((s) => above.has(s))).map(([key]) => key);
}

/**
 * The question asked back when a word the schema does not name itself (unknown, or read through a synonym or a
 * definition) is a kind several tables are: one reading per table, the word replaced by the table's name; null
 * when no word fits two tables or more.
 */
export function askWhichTable(
  tokens: readonly QuestionToken[],
  unknownAt: readonly number[],
  resolved: readonly WordResolution[],
  lexicon: SchemaLexicon,
): AmbiguousQuestionError | null {
  const loose = new Set(resolved.filter((r) => r.how === 'gloss' || r.how === 'synonym').map((r) => r.word));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' || t.lower.length < 3 || (!unknownAt.includes(i) && !loose.has(t.lower))) continue;
    const tables = tablesUnderWord(t.lower, t.norm, lexicon);
    if (tables.length < 2) continue;
    const nouns = tables.map((k) => pluralWords(tableNoun(lexicon.table(k))));
    return new AmbiguousQuestionError(
      `"${t.raw}" could mean ${nouns.join(' or ')}`,
      tables.map((k, n) => ({ label: nouns[n], phrase: t.raw, replacement: lexicon.table(k).name })),
      `Which ${t.raw} do you mean: ${nouns.join(', ')}?`,
    );
  }
  return null;
}
