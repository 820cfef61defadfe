/** Types of wink-lemmatizer 3.x (the package ships none): lemmas of English nouns, verbs and adjectives. */
declare module 'wink-lemmatizer' {
  export function noun(word: string): string;
  export function verb(word: string): string;
  export function adjective(word: string): string;
}
