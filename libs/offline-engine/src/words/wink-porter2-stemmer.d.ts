/** Types of wink-porter2-stemmer 2.x (the package ships none): the Porter2 stem of one English word. */
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
