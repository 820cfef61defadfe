/** Types of the part of stopword 3.x the offline engine reads: the English stop-word list. */
declare module 'stopword' {
  export const eng: string[];
}
