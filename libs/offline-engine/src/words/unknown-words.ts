import { eng as ENGLISH_STOP_WORDS } from 'stopword';
import type { QuestionToken } from './question-tokenizer';
import { verbLemma, lemmasOf } from './word-lemmas';
import { wordNet, type WordNetLexicon } from './wordnet-lexicon';

/** Why a word that matched nothing costs what it costs. */
export type UnknownWordKind = 'function' | 'adverb' | 'verb' | 'predicate' | 'noun' | 'modifier' | 'name' | 'negation';

/** One question word that matched no schema name, stored value or vocabulary phrase, and its confidence cost. */
export interface UnknownWord {
  word: string;
  kind: UnknownWordKind;
  /** Share of confidence lost, 0..1 (1 refuses on its own). */
  penalty: number;
}

/**
 * Costs by kind. The rule of NaLIR (Li and Jagadish, VLDB 2014): a word mapped to no schema element either carries
 * no query meaning (function words, most verbs and adverbs: "currently", "located", "overall") or changes the query
 * (a modifier like "major" or "good" is a filter the engine cannot see; a name is a value it does not know; a
 * negation flips it). The first kinds lower confidence a little, a noun more, the last kinds refuse.
 */
const PENALTY: Record<UnknownWordKind, number> = {
  function: 0.02,
  adverb: 0.05,
  verb: 0.1,
  predicate: 0.45,
  noun: 0.45,
  modifier: 1,
  name: 1,
  negation: 1,
};

/** Words that negate: ignoring one would answer the opposite question. */
const NEGATIONS = new Set([
  'no',
  'not',
  'never',
  'without',
  'none',
  'nobody',
  'nothing',
  'neither',
  'nor',
  'non',
  "n't",
  'cannot',
  'lack',
  'lacking',
  'missing',
]);

/** Confidence below which the engine refuses rather than answer (the "refuse rather than guess" rule). */
export const MIN_CONFIDENCE = 0.6;

/**
 * Prepositions missing from the `stopword` list; English prepositions are a closed class (Quirk et al. 1985, 9.7),
 * so the few it lacks are named here.
 */
const MORE_PREPOSITIONS = [
  'per',
  'across',
  'within',
  'via',
  'along',
  'among',
  'amongst',
  'near',
  'toward',
  'towards',
  'throughout',
  'upon',
  'inside',
  'outside',
  'onto',
];

/** Indefinite pronouns (a closed class as well) that the `stopword` list lacks: "never shipped anything". */
const INDEFINITE_PRONOUNS = [
  'anything',
  'something',
  'everything',
  'anyone',
  'someone',
  'everyone',
  'anybody',
  'somebody',
  'everybody',
];

const STOP = new Set([...ENGLISH_STOP_WORDS.map((w) => w.toLowerCase()), ...MORE_PREPOSITIONS, ...INDEFINITE_PRONOUNS]);

/**
 * Classify one unknown word at `index` of `tokens` (see PENALTY): negations; stop words (the `stopword` package's
 * English list); names (capitalised inside the sentence, or unknown to WordNet); words WordNet knows only as
 * adverbs; inflected verb forms (cheap when a schema word, number or literal follows within three words, else a
 * condition: "predicate"); adjectives right before a word the schema knows (`schemaAt(index + 1)`, a
 * modifier); other nouns. `objectAt(i)` tells whether token i names a stored value or a table (the object of a
 * transitive verb: "restaurants serve Italian food"); default `schemaAt`.
 */
export function classifyUnknownWord(
  tokens: readonly QuestionToken[],
  index: number,
  schemaAt: (i: number) => boolean,
  wn: WordNetLexicon = wordNet(),
  objectAt: (i: number) => boolean = schemaAt,
): UnknownWord {
  const token = tokens[index];
  const word = token.lower;
  const make = (kind: UnknownWordKind): UnknownWord => ({ word: token.raw, kind, penalty: PENALTY[kind] });
  if (NEGATIONS.has(word) || word.endsWith("n't")) return make('negation');
  if (STOP.has(word)) return make('function');
  if (token.kind !== 'word') return make('name');
  const forms = [word, ...lemmasOf(word)];
  const pos = new Set(forms.flatMap((f) => wn.partsOfSpeech(f)));
  if (pos.size === 0 || (index > 0 && /^[A-Z]/.test(token.raw) && !/^[A-Z]+$/.test(token.raw))) return make('name');
  // a verb that links a subject to a value through a preposition ("located in", "flows through") is glue; a verb
  // that ends its clause ("customers who churned") is a condition the engine cannot see
  const linking = () => {
    // a transitive verb whose object is a stored value or a table ("restaurants serve Italian food", "airlines
    // offer flights") relates the two the way a preposition would
    if (
      tokens[index + 1]?.kind === 'word' &&
      !STOP.has(tokens[index + 1].lower) &&
      index > 0 &&
      schemaAt(index - 1) &&
      objectAt(index + 1)
    )
      return true;
    if (tokens[index + 1]?.kind !== 'word' || !STOP.has(tokens[index + 1].lower)) return false;
    for (let j = index + 1; j < Math.min(tokens.length, index + 4); j++) {
      const t = tokens[j];
      if (t.kind === 'number' || t.kind === 'quoted' || t.kind === 'date' || (!STOP.has(t.lower) && schemaAt(j)))
        return true;
      if (t.kind !== 'word' || !STOP.has(t.lower)) return false;
    }
    return false;
  };
  const inflectedVerb = pos.has('v') && !!verbLemma(word) && /(ed|ing)$/.test(word);
  if (inflectedVerb && linking()) return make('verb');
  // (a function word after it is never the schema word it modifies, even when it spells a value such as IN)
  if (pos.has('a') && !STOP.has(tokens[index + 1]?.lower ?? '') && schemaAt(index + 1)) return make('modifier');
  if (pos.size === 1 && pos.has('r')) return make('adverb');
  // a word with an adjective sense and no noun or verb sense says how the rows are ("delivered late", "early"):
  // dropped, it would answer another question, so it is a modifier the engine cannot see
  if (pos.has('a') && !pos.has('n') && !pos.has('v')) return make('modifier');
  if ((verbLemma(word) && pos.has('v') && (/(ed|ing)$/.test(word) || !pos.has('n'))) || (!pos.has('n') && pos.has('v')))
    return make(linking() ? 'verb' : 'predicate');
  // a noun-or-verb word between a noun and a value ("rivers run through texas") is used as a verb
  if (
    pos.has('v') &&
    index > 0 &&
    tokens[index - 1].kind === 'word' &&
    (schemaAt(index - 1) || STOP.has(tokens[index - 1].lower)) &&
    linking()
  )
    return make('verb');
  if (!pos.has('n') && pos.has('r')) return make('adverb');
  if (!pos.has('n')) return make('modifier');
  return make('noun');
}

/** Confidence left after the unknown words and word substitutions: the product of (1 - penalty). */
export function confidenceAfter(penalties: readonly number[]): number {
  return penalties.reduce((c, p) => c * (1 - Math.min(1, Math.max(0, p))), 1);
}
