/** Words of the question kept in an export's file name. */
export const FILENAME_WORDS = 6;

/**
 * The file name of an export: `nlq-<first words of the question, slugified>-<first 8 characters of the entry id>.<ext>`,
 * e.g. `nlq-how-many-orders-per-country-3f2a9c1e.csv`. ASCII only (accents dropped), at most 6 words and 60
 * characters of slug; `nlq-export-<id>.<ext>` when no word is left.
 */
export function exportFilename(question: string | null, entryId: string, ext: 'csv' | 'json'): string {
  const words = (question ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, FILENAME_WORDS);
  const slug = words.join('-').slice(0, 60).replace(/-+$/, '') || 'export';
  const id = entryId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'entry';
  return `nlq-${slug}-${id}.${ext}`;
}
