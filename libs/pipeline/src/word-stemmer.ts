/**
 * Word handling shared by the cache (near-duplicate questions) and schema linking: split text and identifiers into
 * lower-case words and reduce each to a light stem so that `customers`, `Customer` and `customer_id` meet.
 */

/** Suffix rules of {@link stemWord}, tried in order; the first that matches decides. */
const STEM_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/ies$/, 'y'],
  [/(ss|sh|ch|x|z)es$/, '$1'],
  [/([^su])s$/, '$1'],
  [/ied$/, 'y'],
  [/([^e])ed$/, '$1'],
  [/ing$/, ''],
];

/**
 * Reduce one lower-case English word to a light stem: plural and common inflection suffixes are removed
 * (`categories` -> `category`, `boxes` -> `box`, `orders` -> `order`, `ordered` -> `order`;
 * words of 3 letters or fewer, words with digits and stems shorter than 3 letters stay as they are). This is deliberately simpler
 * than Porter's stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980): it only has to make a question
 * word and a table or column name meet, never to produce a dictionary form.
 */
export function stemWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  for (const [pattern, replacement] of STEM_RULES) {
    if (pattern.test(w)) {
      const stem = w.replace(pattern, replacement);
      return stem.length >= 3 ? stem : w;
    }
  }
  return w;
}

/**
 * Split free text or an identifier into lower-case words: non-alphanumeric characters separate words, and
 * camelCase / snake_case identifiers are split into their parts (`orderItems`, `order_items` -> `order`, `items`).
 */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** `splitWords` then `stemWord` on each word. */
export function stemmedWords(text: string): string[] {
  return splitWords(text).map(stemWord);
}
