/**
 * Terms of schema linking: question words and schema text (identifiers, comments, sample values) reduced to the
 * same stems, with a few lemmas and synonyms, so that "clients", `Customer` and `customer_id` meet.
 */
import { splitWords, stemWord } from '../word-stemmer';

/**
 * Words that say nothing about which tables a question needs: articles, pronouns, auxiliaries, question words and
 * request verbs (in the spirit of the SMART stop list, G. Salton, 1971, cut down to question phrasing).
 */
const STOP_WORDS = new Set(
  (
    'a an the of in on at to from for by with within without into onto per via as and or not no nor but ' +
    'is are was were be been being am do does did done have has had having will would shall should can could may might must ' +
    'i me my we us our you your he him his she her it its they them their this that these those there here ' +
    'what which who whom whose when where why how many much more most less least some any all each every both either neither ' +
    'show list give tell find get return display provide fetch retrieve please want need know see let lets ' +
    'also just only than then so such very too again ever currently overall altogether together respectively ' +
    'name names s t'
  ).split(/\s+/),
);

/** Irregular plurals the suffix rules of stemWord cannot undo (English grammar). */
const IRREGULAR_LEMMAS = new Map<string, string>(
  Object.entries({
    people: 'person',
    persons: 'person',
    children: 'child',
    men: 'man',
    women: 'woman',
    mice: 'mouse',
    feet: 'foot',
    teeth: 'tooth',
    geese: 'goose',
    criteria: 'criterion',
    analyses: 'analysis',
    indices: 'index',
    bought: 'buy',
    sold: 'sell',
    paid: 'pay',
    spent: 'spend',
    wrote: 'write',
    written: 'write',
    taught: 'teach',
    flew: 'fly',
    flown: 'fly',
  }),
);

/**
 * Synonym groups of general English and common business vocabulary (WordNet-style near-synonyms, chosen for
 * how people and schemas name the same thing). Every word of a group also yields the group's first word, on the
 * question side and the schema side alike.
 */
const SYNONYM_GROUPS: string[][] = [
  ['customer', 'client', 'buyer', 'shopper', 'patron'],
  ['employee', 'staff', 'worker', 'personnel'],
  ['supplier', 'vendor', 'provider'],
  ['product', 'item', 'good', 'merchandise'],
  ['price', 'cost', 'fee', 'charge'],
  ['revenue', 'income', 'turnover', 'earning'],
  ['purchase', 'buy'],
  ['sale', 'sell'],
  ['payment', 'pay'],
  ['movie', 'film'],
  ['song', 'track', 'tune'],
  ['singer', 'artist', 'musician', 'performer'],
  ['teacher', 'instructor', 'professor', 'lecturer'],
  ['student', 'pupil', 'learner'],
  ['course', 'lecture'],
  ['doctor', 'physician', 'clinician'],
  ['drug', 'medication', 'medicine'],
  ['paper', 'publication', 'article'],
  ['author', 'writer'],
  ['journal', 'periodical'],
  ['conference', 'venue', 'symposium'],
  ['city', 'town'],
  ['country', 'nation'],
  ['state', 'province'],
  ['address', 'location'],
  ['restaurant', 'eatery', 'diner'],
  ['food', 'cuisine', 'dish', 'meal'],
  ['airline', 'carrier'],
  ['plane', 'aircraft', 'airplane'],
  ['user', 'member', 'account'],
  ['company', 'business', 'firm', 'organization', 'organisation'],
  ['transaction', 'transfer'],
  ['review', 'rating'],
  ['height', 'elevation', 'altitude'],
  ['mountain', 'peak'],
  ['population', 'people', 'inhabitant', 'resident', 'citizen'],
  ['stock', 'share'],
  ['car', 'vehicle', 'automobile'],
  ['salesperson', 'seller', 'rep'],
  ['department', 'division'],
  ['order', 'booking'],
  ['ticket', 'issue'],
];

const SYNONYM_HEAD = new Map<string, string>();
for (const group of SYNONYM_GROUPS) for (const word of group) SYNONYM_HEAD.set(stemWord(word), stemWord(group[0]));

/** Stem of one lower-case word after irregular lemmas (`people` -> `person`, `orders` -> `order`). */
export function lemma(word: string): string {
  return IRREGULAR_LEMMAS.get(word) ?? stemWord(word);
}

/**
 * Index terms of one word: its lemma, plus its synonym group's head when that differs; [] for stop words and
 * one-letter words. Used for schema text and question words alike.
 */
export function wordTerms(word: string): string[] {
  const w = word.toLowerCase();
  let terms = termCache.get(w);
  if (!terms) {
    if (w.length < 2 || STOP_WORDS.has(w)) terms = [];
    else {
      const base = lemma(w);
      const head = SYNONYM_HEAD.get(base) ?? SYNONYM_HEAD.get(stemWord(w));
      terms = head && head !== base ? [base, head] : [base];
    }
    if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
    termCache.set(w, terms);
  }
  return terms;
}

/** Memo of wordTerms (schema words repeat across tables and questions); cleared when it reaches the limit. */
const termCache = new Map<string, string[]>();
const TERM_CACHE_LIMIT = 100_000;

/** Words of a text or identifier (splitWords: snake_case and camelCase parts, lower case). */
export function textWords(text: string | null | undefined): string[] {
  return text ? splitWords(text) : [];
}

/** Distinct terms of a text: every word's {@link wordTerms} (memoised for short texts such as identifiers and values). */
export function textTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const memo = text.length <= 64 ? textCache.get(text) : undefined;
  if (memo) return memo;
  const out = new Set<string>();
  for (const w of textWords(text)) for (const t of wordTerms(w)) out.add(t);
  const terms = [...out];
  if (text.length <= 64) {
    if (textCache.size >= TERM_CACHE_LIMIT) textCache.clear();
    textCache.set(text, terms);
  }
  return terms;
}

/** Memo of textTerms for texts of at most 64 characters. */
const textCache = new Map<string, string[]>();

/**
 * Terms of a question with a weight each: a term the question writes (after lemmas) weighs 1, a term reached only
 * through a synonym 0.6. Numbers are kept (they may be stored values).
 */
export function questionTerms(question: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const w of textWords(question)) {
    const terms = wordTerms(w);
    terms.forEach((t, i) => weights.set(t, Math.max(weights.get(t) ?? 0, i === 0 ? 1 : 0.6)));
  }
  return weights;
}
