/**
 * Word forms shared by the offline engine: identifier splitting and a small English singularizer. Both sides of a
 * comparison (question words and schema names) go through the same normalisation, so the rules only need to be
 * consistent, not linguistically complete.
 */

const IRREGULAR: Record<string, string> = {
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
};

/** Words ending in s that are already singular. */
const SINGULAR_S = /(ss|us|is|ics|news|series|species|sales)$/;

/**
 * Singular form of one lower-case English word: `categories` -> `category`, `boxes` -> `box`, `orders` -> `order`,
 * `status` -> `status`. Unknown shapes come back unchanged.
 */
export function singularize(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
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
  for (const [plural, singular] of Object.entries(IRREGULAR)) if (singular === lower) return plural;
  if (/[^aeiou]y$/.test(lower)) return `${w.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${w}es`;
  return `${w}s`;
}

/**
 * Split an identifier into lower-case words: `order_items` -> [order, items], `BillingCountry` -> [billing, country],
 * `customerID` -> [customer, id], `HTTPStatus2` -> [http, status, 2].
 */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
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
