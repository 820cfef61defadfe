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
  const items: Item[] = [];
  const unknown: string[] = [];
  const unknownAt: number[] = [];
  const resolved: WordResolution[] = [];
  const tried = new Set<number>();
  let lastEnd = -1;
  const words = tokens.map((t, i) =>
    skip.has(i) || (t.kind !== 'word' && t.kind !== 'number') ? null : { norm: t.norm, lower: t.lower },
  );
  const lowerWords = tokens.map((t, i) => (skip.has(i) || t.kind !== 'word' ? '' : t.lower));
  let i = 0;
  while (i < tokens.length) {
    const tok = tokens[i];
    if (skip.has(i)) {
      i++;
      continue;
    }
    if (tok.kind === 'quoted') {
      items.push({ t: 'quoted', text: tok.raw, used: false, ...(tok.bare ? { bare: true } : {}) });
      i++;
      continue;
    }
    if (tok.kind === 'qualified') {
      // `table.column`, as the engine's restated questions name one column exactly
      const targets = lexicon.qualifiedColumns(tok.raw);
      if (targets.length)
        items.push({
          t: 'mention',
          targets,
          text: tok.raw,
          plural: false,
          used: false,
          ...(tok.raw.endsWith('.*') ? { star: true } : {}),
        });
      else {
        unknown.push(tok.raw);
        unknownAt.push(i);
      }
      lastEnd = i + 1;
      i++;
      continue;
    }
    if (tok.kind === 'symbol') {
      const kw = SYMBOL_KEYWORDS.get(tok.raw);
      if (kw) items.push({ t: 'kw', kw, text: tok.raw, used: false, alt: null });
      else {
        unknown.push(tok.raw);
        unknownAt.push(i);
      }
      i++;
      continue;
    }
    // keyword phrases of two or more words win over schema words ("how many", "best selling", "more than")
    let kwMatch = matchKeyword(tokens, i, skip);
    // a schema phrase that starts inside the keyword and runs past it wins its words: "total | number of citations"
    for (let j = i + 1; kwMatch && j < i + kwMatch.length; j++) {
      const inner = tokens[j].kind === 'word' ? lexicon.matchAt(words, j) : null;
      if (inner && j + inner.length > i + kwMatch.length) {
        kwMatch = matchKeyword(tokens, i, skip, j - i);
        break;
      }
    }
    let schema = tok.kind === 'word' ? lexicon.matchAt(words, i) : null;
    // a phrase whose first word the schema does not know may name a stored value through WordNet ("the us")
    const synonym =
      tok.kind === 'word' && resolver && !schema ? resolver.valueSynonymAt(lowerWords, i, kwMatch?.length ?? 0) : null;
    if (synonym) {
      kwMatch = null;
      schema = { length: synonym.length, targets: synonym.targets };
      resolved.push(synonym.resolution);
    }
    const singleReserved =
      schema && schema.length === 1 && (RESERVED_SINGLE_WORDS.has(tok.lower) || SCHEMA_STOP.has(tok.lower));
    if (schema && !singleReserved && (!kwMatch || schema.length >= kwMatch.length)) {
      const text = tokens
        .slice(i, i + schema.length)
        .map((t) => t.raw)
        .join(' ');
      const last = tokens[i + schema.length - 1];
      // joined: directly after another mention, with no word between ("population density"); a possessive before
      // it names the owner, never a compound ("the CEO's salary")
      const possessive = /'s$/i.test(tokens[i - 1]?.written ?? '');
      const joined =
        items.length > 0 && items[items.length - 1].t === 'mention' && lastEnd === i && !tok.listed && !possessive;
      // glue: the filler words between the previous item and this one ("of" in "the state of texas")
      const glue = glueBefore(tokens, i, skip);
      // written: the words as the question spells them, possessives kept ("denny's"), when that differs from text
      const written = tokens
        .slice(i, i + schema.length)
        .map((t) => t.written ?? t.raw)
        .join(' ');
      items.push({
        t: 'mention',
        targets: schema.targets,
        text,
        plural: last.lower !== last.norm,
        used: false,
        ...(joined ? { joined } : {}),
        ...(glue ? { glue } : {}),
        ...(written !== text ? { written } : {}),
        ...(synonym ? { synonym: true } : {}),
        ...(tok.listed ? { listed: true } : {}),
      });
      lastEnd = i + schema.length;
      i += schema.length;
      continue;
    }
    if (kwMatch?.kw === 'noise') {
      i += kwMatch.length;
      continue;
    }
    if (kwMatch) {
      const text = tokens
        .slice(i, i + kwMatch.length)
        .map((t) => t.raw)
        .join(' ');
      // before: the word right before the keyword ("taken" in "taken by"), lower case
      const before = i > 0 && tokens[i - 1].kind === 'word' ? tokens[i - 1].lower : undefined;
      // glue: the filler words between the previous item and the keyword ("and the" in "the maximum and the minimum")
      const glue = glueBefore(tokens, i, skip);
      items.push({
        t: 'kw',
        kw: kwMatch.kw,
        text,
        used: false,
        alt: schema && schema.length === kwMatch.length ? schema.targets : null,
        ...(before ? { before } : {}),
        ...(glue ? { glue } : {}),
      });
      i += kwMatch.length;
      continue;
    }
    if (tok.kind === 'number') {
      items.push({ t: 'num', value: tok.value as number, text: tok.raw, used: false });
      i++;
      continue;
    }
    if (tok.kind === 'date') {
      unknown.push(tok.raw);
      unknownAt.push(i);
      i++;
      continue;
    }
    if (!FILLER_WORDS.has(tok.lower)) {
      const resolution = resolver && tok.kind === 'word' && !tried.has(i) ? resolver.resolve(tok.lower) : null;
      tried.add(i);
      if (resolution) {
        words[i] = { norm: resolution.norm, lower: resolution.norm };
        if (lexicon.matchAt(words, i)) {
          resolved.push(resolution);
          continue;
        }
        words[i] = { norm: tok.norm, lower: tok.lower };
      }
      unknown.push(tok.raw);
      unknownAt.push(i);
    }
    i++;
  }
  return { items: withBoundsFirst(items), unknown, unknownAt, resolved };
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
): { kw: Keyword; length: number } | null {
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
