import { adjective, noun, verb } from 'wink-lemmatizer';

/**
 * Lemmas of one lower-case English word from wink-lemmatizer (WordNet-based exception lists and suffix rules):
 * the noun, verb and adjective lemma, distinct, the word itself excluded. `located` -> [locate], `ran` -> [run],
 * `biggest` -> [big], `inhabitants` -> [inhabitant]. Never throws; an empty list when every lemma is the word.
 */
export function lemmasOf(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  for (const lemma of [noun(w), verb(w), adjective(w)])
    if (lemma && lemma !== w && !out.includes(lemma)) out.push(lemma);
  return out;
}

/** The verb lemma when the word is an inflected verb form (`managed` -> manage, `running` -> run), else null. */
export function verbLemma(word: string): string | null {
  const w = word.toLowerCase();
  const lemma = verb(w);
  return lemma && lemma !== w ? lemma : null;
}
