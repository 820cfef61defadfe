import type { QuestionToken } from '../words/question-tokenizer';
import {
  FILLER_WORDS,
  KEYWORD_PHRASES,
  RESERVED_SINGLE_WORDS,
  SYMBOL_KEYWORDS,
  type Keyword,
} from '../words/question-vocabulary';
import type { LexiconTarget, SchemaLexicon } from './schema-lexicon';
import type { WordResolution, WordResolver } from './word-resolver';

/** The question could not be mapped onto the schema; `unknownWords` lists words that matched nothing. */
export class UnmappedQuestionError extends Error {
  constructor(
    readonly reason: string,
    readonly unknownWords: string[] = [],
  ) {
    super(reason);
    this.name = 'UnmappedQuestionError';
  }
}

/** Function words never matched alone against schema names or values. */
const SCHEMA_STOP = new Set(
  'a an the of in on at to from for with is are was were be and or by per as it its that this what which who how'.split(
    ' ',
  ),
);

/** One unit of a question after matching: a schema mention, a keyword, a number or a quoted literal. */
export type Item =
  | {
      t: 'mention';
      targets: LexiconTarget[];
      text: string;
      plural: boolean;
      used: boolean;
      joined?: boolean;
      glue?: string;
      written?: string;
      synonym?: boolean;
      star?: boolean;
      listed?: boolean;
    }
  | { t: 'kw'; kw: Keyword; text: string; used: boolean; alt: LexiconTarget[] | null; before?: string; glue?: string }
  | { t: 'num'; value: number; text: string; used: boolean }
  | { t: 'quoted'; text: string; used: boolean; bare?: boolean };

export type MentionItem = Extract<Item, { t: 'mention' }>;

/** Output of {@link itemize}. */
export interface Itemized {
  items: Item[];
  /** Words that matched nothing, as written, and their token indexes. */
  unknown: string[];
  unknownAt: number[];
  /** Words matched only through a lemma, synonym or typo correction. */
  resolved: WordResolution[];
}

/**
 * Turn question tokens into items (longest schema match first, then the fixed vocabulary) and collect the words
 * that matched nothing. Filler words are dropped; tokens of a date range are skipped. A word that would match
 * nothing is first offered to `resolver` (lemma, WordNet synonym, typo); when it names a schema word the match is
 * tried again with that word.
 */
export function itemize(
  tokens: QuestionToken[],
  lexicon: SchemaLexicon,
  skip: Set<number>,
  resolver?: WordResolver,
): Itemized {
  return new Itemizer(tokens, lexicon, skip, resolver).run();
}

/** A keyword phrase matched at a token: its keyword and its length in tokens. */
type KeywordMatch = { kw: Keyword; length: number };

/** One run of {@link itemize}: the items and unmatched words so far, read token by token. */
class Itemizer {
  private readonly items: Item[] = [];
  private readonly unknown: string[] = [];
  private readonly unknownAt: number[] = [];
  private readonly resolved: WordResolution[] = [];
  /** Token indexes already offered to the resolver. */
  private readonly tried = new Set<number>();
  /** The index after the last mention (or qualified column) read: a mention starting there is joined to it. */
  private lastEnd = -1;
  /** The words the schema is matched against, by token index (null: not a word or number, or skipped). */
  private readonly words: Array<{ norm: string; lower: string } | null>;
  /** The lower-case words the value synonyms are matched against ('' where none). */
  private readonly lowerWords: string[];

  constructor(
    private readonly tokens: QuestionToken[],
    private readonly lexicon: SchemaLexicon,
    private readonly skip: Set<number>,
    private readonly resolver?: WordResolver,
  ) {
    this.words = tokens.map((t, i) =>
      skip.has(i) || (t.kind !== 'word' && t.kind !== 'number') ? null : { norm: t.norm, lower: t.lower },
    );
    this.lowerWords = tokens.map((t, i) => (skip.has(i) || t.kind !== 'word' ? '' : t.lower));
  }

  /** Reads every token; the items (bounds first, see withBoundsFirst) and the words that matched nothing. */
  run(): Itemized {
    let i = 0;
    while (i < this.tokens.length) i = this.step(i);
    const { items, unknown, unknownAt, resolved } = this;
    return { items: withBoundsFirst(items), unknown, unknownAt, resolved };
  }

  /** Reads the token at `i` (and any phrase it starts); returns the index of the next token to read. */
  private step(i: number): number {
    const tok = this.tokens[i];
    if (this.skip.has(i)) return i + 1;
    if (tok.kind === 'quoted') {
      this.items.push({ t: 'quoted', text: tok.raw, used: false, ...(tok.bare ? { bare: true } : {}) });
      return i + 1;
    }
    if (tok.kind === 'qualified') return this.readQualified(i);
    if (tok.kind === 'symbol') {
      const kw = SYMBOL_KEYWORDS.get(tok.raw);
      if (kw) this.items.push({ t: 'kw', kw, text: tok.raw, used: false, alt: null });
      else this.markUnknown(i);
      return i + 1;
    }
    const phraseEnd = this.readPhrase(i);
    if (phraseEnd !== null) return phraseEnd;
    if (tok.kind === 'number') {
      this.items.push({ t: 'num', value: tok.value as number, text: tok.raw, used: false });
      return i + 1;
    }
    if (tok.kind === 'date') {
      this.markUnknown(i);
      return i + 1;
    }
    return this.readUnmatchedWord(i);
  }

  /** Records the token at `i` as a word that matched nothing. */
  private markUnknown(i: number): void {
    this.unknown.push(this.tokens[i].raw);
    this.unknownAt.push(i);
  }

  /** `table.column`, as the engine's restated questions name one column exactly: a mention, or an unknown word. */
  private readQualified(i: number): number {
    const raw = this.tokens[i].raw;
    const targets = this.lexicon.qualifiedColumns(raw);
    if (targets.length)
      this.items.push({
        t: 'mention',
        targets,
        text: raw,
        plural: false,
        used: false,
        ...(raw.endsWith('.*') ? { star: true } : {}),
      });
    else this.markUnknown(i);
    this.lastEnd = i + 1;
    return i + 1;
  }

  /**
   * A schema phrase or a keyword phrase starting at token `i`, the longer winning (a keyword on a tie; a single
   * reserved or function word is never a schema mention); a value synonym when the schema knows no phrase there.
   * Returns the index after the phrase, or null when none starts at `i`.
   */
  private readPhrase(i: number): number | null {
    const tok = this.tokens[i];
    let kwMatch = this.keywordAt(i);
    let schema = tok.kind === 'word' ? this.lexicon.matchAt(this.words, i) : null;
    // a phrase whose first word the schema does not know may name a stored value through WordNet ("the us")
    const synonym =
      tok.kind === 'word' && this.resolver && !schema
        ? this.resolver.valueSynonymAt(this.lowerWords, i, kwMatch?.length ?? 0)
        : null;
    if (synonym) {
      kwMatch = null;
      schema = { length: synonym.length, targets: synonym.targets };
      this.resolved.push(synonym.resolution);
    }
    const singleReserved =
      schema && schema.length === 1 && (RESERVED_SINGLE_WORDS.has(tok.lower) || SCHEMA_STOP.has(tok.lower));
    if (schema && !singleReserved && (!kwMatch || schema.length >= kwMatch.length))
      return this.pushMention(i, schema.length, schema.targets, !!synonym);
    if (kwMatch?.kw === 'noise') return i + kwMatch.length;
    if (kwMatch)
      return this.pushKeyword(i, kwMatch, schema && schema.length === kwMatch.length ? schema.targets : null);
    return null;
  }

  /**
   * Keyword phrases of two or more words win over schema words ("how many", "best selling", "more than"), except
   * that a schema phrase that starts inside the keyword and runs past it wins its words: "total | number of
   * citations". The keyword phrase at `i`, or null.
   */
  private keywordAt(i: number): KeywordMatch | null {
    const { tokens, skip } = this;
    let kwMatch = matchKeyword(tokens, i, skip);
    for (let j = i + 1; kwMatch && j < i + kwMatch.length; j++) {
      const inner = tokens[j].kind === 'word' ? this.lexicon.matchAt(this.words, j) : null;
      if (inner && j + inner.length > i + kwMatch.length) {
        kwMatch = matchKeyword(tokens, i, skip, j - i);
        break;
      }
    }
    return kwMatch;
  }

  /** Pushes the mention of `length` tokens at `i` naming `targets`; returns the index after it. */
  private pushMention(i: number, length: number, targets: LexiconTarget[], synonym: boolean): number {
    const { tokens, items } = this;
    const tok = tokens[i];
    const text = tokens
      .slice(i, i + length)
      .map((t) => t.raw)
      .join(' ');
    const last = tokens[i + length - 1];
    // joined: directly after another mention, with no word between ("population density"); a possessive before
    // it names the owner, never a compound ("the CEO's salary")
    const possessive = /'s$/i.test(tokens[i - 1]?.written ?? '');
    const joined =
      items.length > 0 && items[items.length - 1].t === 'mention' && this.lastEnd === i && !tok.listed && !possessive;
    // glue: the filler words between the previous item and this one ("of" in "the state of texas")
    const glue = glueBefore(tokens, i, this.skip);
    // written: the words as the question spells them, possessives kept ("denny's"), when that differs from text
    const written = tokens
      .slice(i, i + length)
      .map((t) => t.written ?? t.raw)
      .join(' ');
    items.push({
      t: 'mention',
      targets,
      text,
      plural: last.lower !== last.norm,
      used: false,
      ...(joined ? { joined } : {}),
      ...(glue ? { glue } : {}),
      ...(written !== text ? { written } : {}),
      ...(synonym ? { synonym: true } : {}),
      ...(tok.listed ? { listed: true } : {}),
    });
    this.lastEnd = i + length;
    return i + length;
  }

  /**
   * Pushes the keyword phrase `kwMatch` at `i`, with `alt` the schema targets of the same words (a keyword that
   * may also be a column: "total"); returns the index after it.
   */
  private pushKeyword(i: number, kwMatch: KeywordMatch, alt: LexiconTarget[] | null): number {
    const { tokens } = this;
    const text = tokens
      .slice(i, i + kwMatch.length)
      .map((t) => t.raw)
      .join(' ');
    // before: the word right before the keyword ("taken" in "taken by"), lower case
    const before = i > 0 && tokens[i - 1].kind === 'word' ? tokens[i - 1].lower : undefined;
    // glue: the filler words between the previous item and the keyword ("and the" in "the maximum and the minimum")
    const glue = glueBefore(tokens, i, this.skip);
    this.items.push({
      t: 'kw',
      kw: kwMatch.kw,
      text,
      used: false,
      alt,
      ...(before ? { before } : {}),
      ...(glue ? { glue } : {}),
    });
    return i + kwMatch.length;
  }

  /**
   * A word that matched nothing: dropped when a filler word; else offered once to the resolver, and read again at
   * the same index when its resolution names a schema word; else recorded as unknown. Returns the next index.
   */
  private readUnmatchedWord(i: number): number {
    const tok = this.tokens[i];
    if (FILLER_WORDS.has(tok.lower)) return i + 1;
    const resolution =
      this.resolver && tok.kind === 'word' && !this.tried.has(i) ? this.resolver.resolve(tok.lower) : null;
    this.tried.add(i);
    if (resolution) {
      this.words[i] = { norm: resolution.norm, lower: resolution.norm };
      if (this.lexicon.matchAt(this.words, i)) {
        this.resolved.push(resolution);
        return i;
      }
      this.words[i] = { norm: tok.norm, lower: tok.lower };
    }
    this.markUnknown(i);
    return i + 1;
  }
}

/**
 * "4 or more students" -> "at least 4 students": a number then `orMore`/`orLess` becomes `gte`/`lte` then the number;
 * "cities or towns": two words for the same tables joined by "or" are one.
 */
function withBoundsFirst(items: Item[]): Item[] {
  const tablesOf = (it: Item | undefined) =>
    it?.t === 'mention' && it.targets.every((t) => t.kind === 'table')
      ? it.targets
          .map((t) => t.table)
          .sort()
          .join('\u0000')
      : null;
  const out = items.filter((it, k) => {
    const same = (a: Item | undefined, b: Item | undefined) => tablesOf(a) !== null && tablesOf(a) === tablesOf(b);
    if (it.t === 'kw' && it.kw === 'or' && same(items[k - 1], items[k + 1])) return false;
    return !(items[k - 1]?.t === 'kw' && (items[k - 1] as { kw: string }).kw === 'or' && same(items[k - 2], it));
  });
  for (let k = 1; k < out.length; k++) {
    const bound = out[k];
    if (bound.t !== 'kw' || (bound.kw !== 'orMore' && bound.kw !== 'orLess') || out[k - 1].t !== 'num') continue;
    out[k] = out[k - 1];
    out[k - 1] = { ...bound, kw: bound.kw === 'orMore' ? 'gte' : 'lte' };
  }
  return out;
}

/** The filler words right before token `i` (back to the previous word that is not a filler), lower case, or ''. */
function glueBefore(tokens: QuestionToken[], i: number, skip: Set<number>): string {
  const words: string[] = [];
  for (let j = i - 1; j >= 0 && !skip.has(j) && tokens[j].kind === 'word' && FILLER_WORDS.has(tokens[j].lower); j--)
    words.unshift(tokens[j].lower);
  return words.join(' ');
}

/** A keyword phrase split into words once, with its rank in KEYWORD_PHRASES (the earlier phrase wins a tie). */
interface KeywordPhrase {
  parts: string[];
  kw: Keyword;
  rank: number;
}

/** KEYWORD_PHRASES by first word: matchKeyword tries only the phrases that can start at a token. */
const PHRASES_BY_FIRST_WORD: ReadonlyMap<string, KeywordPhrase[]> = (() => {
  const byFirst = new Map<string, KeywordPhrase[]>();
  KEYWORD_PHRASES.forEach(([phrase, kw], rank) => {
    const parts = phrase.split(' ');
    const list = byFirst.get(parts[0]) ?? [];
    list.push({ parts, kw, rank });
    byFirst.set(parts[0], list);
  });
  return byFirst;
})();

const NO_PHRASES: KeywordPhrase[] = [];

function matchKeyword(
  tokens: QuestionToken[],
  start: number,
  skip: Set<number>,
  maxLength = Infinity,
): KeywordMatch | null {
  const first = tokens[start];
  if (!first || first.kind !== 'word' || skip.has(start)) return null;
  const byLower = PHRASES_BY_FIRST_WORD.get(first.lower) ?? NO_PHRASES;
  const byNorm = first.norm !== first.lower ? (PHRASES_BY_FIRST_WORD.get(first.norm) ?? NO_PHRASES) : NO_PHRASES;
  const candidates = byNorm.length === 0 ? byLower : [...byLower, ...byNorm].sort((a, b) => a.rank - b.rank);
  for (const { parts, kw } of candidates) {
    if (parts.length > maxLength) continue;
    let ok = true;
    for (let k = 0; k < parts.length; k++) {
      const t = tokens[start + k];
      // singular forms count ("totals"), but "orders by" is never "order by"
      if (
        !t ||
        skip.has(start + k) ||
        t.kind !== 'word' ||
        (t.lower !== parts[k] && (t.norm !== parts[k] || kw === 'orderBy'))
      ) {
        ok = false;
        break;
      }
    }
    if (ok) return { kw, length: parts.length };
  }
  return null;
}

/**
 * The question's tokens with a trailing run of unknown words after "of" joined into one `bare` quoted token
 * ("what is the population of Springfield" -> ... of 'Springfield'), when those are the only unknown words; else
 * null. The parser accepts such a literal only as the name of the row a lookup reads.
 */
export function bareTailLiteral(tokens: QuestionToken[], unknownAt: number[]): QuestionToken[] | null {
  let of = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i].kind === 'word' && tokens[i].lower === 'of') {
      of = i;
      break;
    }
  }
  if (of < 0 || of === tokens.length - 1) return null;
  const tail = tokens.slice(of + 1);
  const known = new Set(unknownAt);
  if (tail.some((t, k) => t.kind !== 'word' || !known.has(of + 1 + k)) || unknownAt.some((i) => i <= of)) return null;
  const raw = tail.map((t) => t.raw).join(' ');
  return [
    ...tokens.slice(0, of + 1),
    { kind: 'quoted', raw, lower: raw.toLowerCase(), norm: raw.toLowerCase(), bare: true },
  ];
}
