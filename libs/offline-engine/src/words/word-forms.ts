/**
 * Word forms shared by the offline engine: identifier splitting and a small English singularizer. Both sides of a
 * comparison (question words and schema names) go through the same normalisation, so the rules only need to be
 * consistent, not linguistically complete.
 */

const IRREGULAR = new Map<string, string>(
  Object.entries({
    people: 'person',
    children: 'child',
    men: 'man',
    women: 'woman',
    data: 'data',
    media: 'media',
    criteria: 'criterion',
    analyses: 'analysis',
    indices: 'index',
    feet: 'foot',
    ids: 'id',
  }),
);

/** Words ending in s that are already singular. */
const SINGULAR_S = /(ss|us|is|ics|news|series|species|sales)$/;

/**
 * Singular form of one lower-case English word: `categories` -> `category`, `boxes` -> `box`, `orders` -> `order`,
 * `status` -> `status`. Unknown shapes come back unchanged.
 */
export function singularize(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR.get(w);
  if (irregular) return irregular;
  if (w.length <= 3) return w;
  if (w === 'sales') return 'sale';
  if (SINGULAR_S.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|zes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** Plural form used in answers: `category` -> `categories`, `box` -> `boxes`, `customer` -> `customers`. */
export function pluralize(word: string): string {
  const w = word;
  const lower = w.toLowerCase();
  for (const [plural, singular] of IRREGULAR) if (singular === lower) return plural;
  if (/[^aeiou]y$/.test(lower)) return `${w.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${w}es`;
  return `${w}s`;
}

/**
 * Split an identifier into lower-case words: `order_items` -> [order, items], `BillingCountry` -> [billing, country],
 * `customerID` -> [customer, id], `HTTPStatus2` -> [http, status, 2], `prénom_élève` -> [prénom, élève]. Letters and
 * digits of any script are word characters (Unicode L and N); everything else separates.
 */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/**
 * Words of a stored value in matching form, split the way a question is (see tokenizeQuestion): at spaces,
 * punctuation and underscores, never inside a word, so `McLaren` is one word as "mclaren" in a question is; a
 * possessive `'s` is dropped (`McDonald's` -> mcdonald) and inner apostrophes stay (`O'Brien` -> o'brien).
 */
export function valueWords(value: string): string[] {
  return value
    .replace(/\u2019/g, "'")
    .split(/[^\p{L}\p{M}\p{N}']+/u)
    .map((part) => part.replace(/^'+/, '').replace(/'s?$/i, ''))
    .filter((part) => part.length > 0)
    .map(normalizeWord);
}

/** Lower-case, singular form of a word for matching. */
export function normalizeWord(word: string): string {
  return singularize(word.toLowerCase());
}

/** Words of an identifier or phrase in matching form (split, lower-case, singular). */
export function normalizedWords(text: string): string[] {
  return splitIdentifier(text).map(normalizeWord);
}

/** Human words of an identifier for answers: `order_items` -> `order items`, `UnitPrice` -> `unit price`. */
export function humanize(name: string): string {
  return splitIdentifier(name).join(' ');
}
