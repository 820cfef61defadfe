/**
 * `text` with `word` put in place of the selection [start, end), with a space on each side where the text next to it
 * is not already a space; answers the new text and the caret position just after the word (and its trailing space).
 */
export function insertWord(text: string, start: number, end: number, word: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = !after || !/^\s/.test(after) ? ' ' : '';
  const inserted = `${lead}${word}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
