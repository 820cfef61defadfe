/** Characters of a question shown in a table cell before it is cut (the full text stays in the title). */
export const SHORT_TEXT_CHARS = 120;

/** Characters of a session id shown before it is cut (a UUID, 36, fits; the full id stays in the title). */
export const SESSION_ID_CHARS = 36;

/**
 * `text` for one line of a table cell: runs of white space (newlines included) become one space, and beyond
 * `maxChars` characters (code points, so no emoji is split) the text is cut, at the last space when one falls in
 * its last third (or right before one), and ends with an ellipsis. Text within the limit comes back with its spaces collapsed only.
 */
export function shortenText(text: string, maxChars = SHORT_TEXT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= maxChars) return flat;
  const cut = chars.slice(0, maxChars).join('');
  // a cut right before a space already ends a word
  const space = chars[maxChars] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space >= (cut.length * 2) / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
