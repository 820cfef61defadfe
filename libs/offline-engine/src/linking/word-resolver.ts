import { distance } from 'fastest-levenshtein';
import { eng as ENGLISH_STOP_WORDS } from 'stopword';
import stem from 'wink-porter2-stemmer';
import type { LexiconTarget, SchemaLexicon } from './schema-lexicon';
import { lemmasOf } from '../words/word-lemmas';
import { normalizedWords, singularize } from '../words/word-forms';
import { wordNet, type WordNetLexicon } from '../words/wordnet-lexicon';

/** How a question word that the schema does not know as written was mapped onto a schema word. */
export interface WordResolution {
  /** The question word as written (lower case). */
  word: string;
  /** The schema word (matching form) it stands for. */
  norm: string;
  how: 'lemma' | 'stem' | 'synonym' | 'typo' | 'gloss' | 'value synonym';
  /** Confidence lost by the substitution (0 for a lemma, more for a synonym or a typo). */
  penalty: number;
}

const STOP = new Set(ENGLISH_STOP_WORDS);

/** Words after which a noun phrase names a place or thing rather than an addressee ("in the us", not "show us"). */
const PHRASE_OPENERS = new Set([
  'in',
  'of',
  'from',
  'to',
  'across',
  'throughout',
  'within',
  'the',
  'for',
  'at',
  'into',
  'outside',
]);

/** Longest phrase, in words, looked up in WordNet as one collocation ("united states of america"). */
const MAX_COLLOCATION_WORDS = 4;

/** A phrase of the question that stands for one stored value through WordNet ("the us" -> `usa`). */
export interface ValueSynonym {
  /** Tokens covered. */
  length: number;
  targets: LexiconTarget[];
  resolution: WordResolution;
}

/** Words whose resolution is kept; the oldest goes first. */
const MAX_CACHED_WORDS = 20_000;

/** Longest word given to the Porter2 stemmer. */
const MAX_STEMMED_CHARS = 40;

/** Senses of a word looked at for synonyms: WordNet orders senses by frequency; rare senses link unrelated words. */
const SYNONYM_SENSES = 2;

/**
 * Maps a question word that matches nothing in the schema onto one schema word, trying in order:
 * 1. its lemmas (wink-lemmatizer): `sold` -> `sell`, `located` -> `locate`; then its Porter2 stem, shared with one
 *    column word (`populous` -> `population`);
 * 2. WordNet synonyms, i.e. words sharing one of the first {@link SYNONYM_SENSES} synsets of the word or a lemma
 *    (`nation` -> `country`, `client` -> `customer`); only a single schema word naming a table or column counts,
 *    and two different candidates mean no answer (never a guess);
 * 3. typo correction (fastest-levenshtein) for words WordNet does not know, against every schema and stored-value
 *    word: at most one edit for words of 4 to 7 letters, two from 8, the closest unique word only
 *    (`prodcuts` -> `product`);
 * 4. the genus of a definition (see byGloss): `people` -> `population`.
 * Returns null when none applies. Stateless apart from a per-word cache of the {@link MAX_CACHED_WORDS} newest words.
 */
export class WordResolver {
  private readonly cache = new Map<string, WordResolution | null>();

  constructor(
    private readonly lexicon: SchemaLexicon,
    private readonly wn: WordNetLexicon = wordNet(),
  ) {}

  /** See the class comment; `word` is one lower-case question word. */
  resolve(word: string): WordResolution | null {
    const w = word.toLowerCase();
    if (this.cache.has(w)) return this.cache.get(w) ?? null;
    // a word of a schema name ("country" of country_name) means that name, never a synonym of another word
    const partOfName = this.lexicon.words().has(singularize(w));
    const found =
      this.byLemma(w) ??
      (partOfName ? null : (this.byStem(w) ?? this.bySynonym(w) ?? this.byTypo(w) ?? this.byGloss(w)));
    this.cache.set(w, found);
    // bounded: every distinct word of every question would otherwise stay for the life of the schema
    if (this.cache.size > MAX_CACHED_WORDS) this.cache.delete(this.cache.keys().next().value as string);
    return found;
  }

  /**
   * A stored value that the phrase starting at `start` of `words` (lower-case question words) names through a
   * WordNet synonym: a collocation of up to four words that is a noun ("united states", "us", "america") and one of
   * whose first {@link SYNONYM_SENSES} synsets holds a word the lexicon knows only as a value (`usa`, `Sales
   * Representative` for "sales rep"). A one-word phrase must follow a preposition or "the" ("in the us", never "show
   * us"); the phrase must be longer than `minLength` words (a keyword there) and lead to exactly one value.
   */
  valueSynonymAt(words: readonly string[], start: number, minLength = 0): ValueSynonym | null {
    // a collocation never starts with a function word ("the states" is not the United States here)
    if (STOP.has(words[start])) return null;
    const opened = start > 0 && PHRASE_OPENERS.has(words[start - 1]);
    for (let length = Math.min(MAX_COLLOCATION_WORDS, words.length - start); length > minLength; length--) {
      // one word may be a pronoun ("show us"); a collocation of several words is a name wherever it stands
      if (length === 1 && !opened) continue;
      const phrase = words.slice(start, start + length).join(' ');
      if (length === 1 && this.lexicon.phraseTargets(singularize(phrase)).length) return null;
      const found = new Map<string, LexiconTarget[]>();
      // the collocation as written, or with its head noun singular ("sales reps")
      const forms = [
        ...new Set([
          phrase,
          [...words.slice(start, start + length - 1), singularize(words[start + length - 1])].join(' '),
        ]),
      ];
      for (const synset of forms.flatMap((f) => this.wn.synsets(f, 'n', SYNONYM_SENSES))) {
        for (const other of synset.words) {
          if (forms.includes(other)) continue;
          const targets = this.lexicon.matchPhrase(other);
          if (targets.length && targets.every((t) => t.kind === 'value')) found.set(other, targets);
        }
      }
      if (found.size === 1) {
        const [[value, targets]] = [...found];
        return { length, targets, resolution: { word: phrase, norm: value, how: 'value synonym', penalty: 0.1 } };
      }
    }
    return null;
  }

  private names(key: string): boolean {
    return this.lexicon.phraseTargets(key).some((t) => t.kind === 'table' || t.kind === 'column');
  }

  private byLemma(w: string): WordResolution | null {
    for (const lemma of lemmasOf(w)) {
      const key = singularize(lemma);
      if (this.lexicon.phraseTargets(key).length) return { word: w, norm: key, how: 'lemma', penalty: 0 };
    }
    return null;
  }

  private stems: Map<string, Set<string>> | null = null;

  /**
   * Same Porter2 stem (wink-porter2-stemmer) as exactly one schema word naming a column, stems of four letters or
   * more: `populous` and `population` are both `popul`.
   */
  private byStem(w: string): WordResolution | null {
    if (!this.stems) {
      this.stems = new Map();
      for (const word of this.lexicon.words()) {
        if (!this.lexicon.phraseTargets(word).some((t) => t.kind === 'column')) continue;
        const s = stem(word);
        if (s.length < 4) continue;
        let set = this.stems.get(s);
        if (!set) this.stems.set(s, (set = new Set()));
        set.add(word);
      }
    }
    // no English word is this long, and the stemmer's time grows with the square of the length (a 2,000-letter
    // "word" of a fuzzed question took 20-50 ms)
    if (w.length > MAX_STEMMED_CHARS) return null;
    const hits = this.stems.get(stem(w));
    if (!hits || hits.size !== 1) return null;
    return { word: w, norm: [...hits][0], how: 'stem', penalty: 0.1 };
  }

  private bySynonym(w: string): WordResolution | null {
    const candidates = new Set<string>();
    for (const form of [w, ...lemmasOf(w)]) {
      for (const synset of this.wn.synsets(form, undefined, SYNONYM_SENSES)) {
        if (synset.pos === 'r') continue;
        for (const other of synset.words) {
          const key = normalizedWords(other).join(' ');
          if (!key || key.includes(' ') || key === w || key === singularize(w)) continue;
          if (this.names(key)) candidates.add(key);
        }
      }
    }
    if (candidates.size !== 1) return null;
    return { word: w, norm: [...candidates][0], how: 'synonym', penalty: 0.1 };
  }

  /**
   * Gloss genus, after the simplified Lesk idea (Lesk 1986): a noun that is the genus (the first noun) of the
   * definition of the first sense of exactly one schema word stands for it (`people` -> `population`, "the people
   * who inhabit a territory or state").
   */
  private byGloss(w: string): WordResolution | null {
    const forms = new Set([w, singularize(w), ...lemmasOf(w)]);
    if (![...forms].some((f) => this.wn.partsOfSpeech(f).includes('n'))) return null;
    const index = this.glossIndex();
    const hits = new Set<string>();
    for (const f of forms) for (const s of index.get(f) ?? []) hits.add(s);
    if (hits.size !== 1) return null;
    return { word: w, norm: [...hits][0], how: 'gloss', penalty: 0.2 };
  }

  private glossWords: Map<string, Set<string>> | null = null;

  /** Genus of the first-sense gloss of every single schema word naming a table or column -> those words. */
  private glossIndex(): Map<string, Set<string>> {
    if (this.glossWords) return this.glossWords;
    const index = new Map<string, Set<string>>();
    for (const word of this.lexicon.words()) {
      if (word.length < 3 || !this.names(word)) continue;
      const first = this.wn.synsets(word, 'n', 1)[0];
      if (!first) continue;
      // the genus of the definition: its first word that WordNet knows as a noun and not as an adjective
      const genus = first.gloss
        .toLowerCase()
        .split(/[^a-z]+/)
        .find(
          (g) =>
            g.length >= 3 &&
            !STOP.has(g) &&
            g !== word &&
            this.wn.partsOfSpeech(g).includes('n') &&
            !this.wn.partsOfSpeech(g).includes('a'),
        );
      if (!genus) continue;
      let set = index.get(genus);
      if (!set) index.set(genus, (set = new Set()));
      set.add(word);
    }
    this.glossWords = index;
    return index;
  }

  private byTypo(w: string): WordResolution | null {
    if (w.length < 4 || /\d/.test(w) || this.wn.knows(w) || lemmasOf(w).some((l) => this.wn.knows(l))) return null;
    const limit = w.length >= 8 ? 2 : 1;
    const sw = singularize(w);
    let best: string[] = [];
    let bestDistance = limit + 1;
    for (const candidate of this.lexicon.words()) {
      if (Math.abs(candidate.length - sw.length) > limit || candidate.length < 3) continue;
      const d = distance(sw, candidate);
      if (d < bestDistance) {
        bestDistance = d;
        best = [candidate];
      } else if (d === bestDistance) best.push(candidate);
    }
    if (best.length !== 1 || bestDistance > limit) return null;
    return { word: w, norm: best[0], how: 'typo', penalty: 0.15 };
  }
}
