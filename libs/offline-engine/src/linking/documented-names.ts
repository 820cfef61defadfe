import { eng as ENGLISH_STOP_WORDS } from 'stopword';
import { RESERVED_SINGLE_WORDS } from '../words/question-vocabulary';
import { wordNet } from '../words/wordnet-lexicon';
import { normalizedWords } from '../words/word-forms';

/** Function words that end a leading noun phrase: the `stopword` package's English list and the prepositions it lacks. */
const STOP_WORDS = new Set([...ENGLISH_STOP_WORDS, 'per', 'via', 'than', 'plus', 'minus', 'versus', 'vs']);

/**
 * The names a documented meaning gives its column (docs/knowledge.md "Descriptions"), as word lists in matching form,
 * for each part of a comment or description (split at `/ ; , ( )` and sentence ends):
 * - the whole part of two to five words ("No Child Left Behind" for `c14`);
 * - its leading noun phrase: the words before the first function word (the English stop-word list of the `stopword`
 *   package, and `per`, `via`, ...), without trailing words WordNet knows under no noun sense ("Total amount of the order" -> "total
 *   amount", "Quantity ordered" -> "quantity", "Rating in stars" -> "rating");
 * - that phrase's head noun, its last word, when the phrase has more words ("Employee salary per year" -> "salary"),
 *   unless it is one of the engine's keywords ("total", "number").
 * The lexicon adds each only when no table, column or earlier meaning uses it and one column of the schema has it.
 */
export function documentedNames(text: string): string[][] {
  const names: string[][] = [];
  for (const part of text.split(/[/;,()]|\.\s/)) {
    const raw = part
      .replace(/[^\p{L}\p{N}\s_-]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const words = normalizedWords(raw.join(' '));
    if (words.length >= 2 && words.length <= 5) names.push(words);
    const phrase = leadingNounPhrase(raw);
    if (phrase.length && phrase.length <= 5 && phrase.join(' ') !== words.join(' ')) names.push(phrase);
    const head = phrase[phrase.length - 1];
    if (phrase.length > 1 && !RESERVED_SINGLE_WORDS.has(head)) names.push([head]);
  }
  return names;
}

/** The words of `raw` before its first stop word, less trailing words that are not nouns, in matching form. */
function leadingNounPhrase(raw: string[]): string[] {
  const lower = raw.map((w) => w.toLowerCase());
  const end = lower.findIndex((w) => STOP_WORDS.has(w));
  const phrase = lower.slice(0, end < 0 ? lower.length : end);
  while (
    phrase.length &&
    !wordNet()
      .partsOfSpeech(phrase[phrase.length - 1])
      .includes('n')
  )
    phrase.pop();
  return phrase.length ? normalizedWords(phrase.join(' ')) : [];
}
