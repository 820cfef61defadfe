/**
 * What schema-links.ts reads from a schema whatever the question: the stemmed whole names of tables and columns and
 * the linkable stored values, computed once per schema object (a WeakMap, so a schema dropped by the schema cache is
 * collected with its index). The answer check runs on every answered question; walking every sampled and known
 * value of every column for each one was a fifth of a cache miss's CPU on the sample shop.
 */
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { splitWords, stemWord } from '../word-stemmer';

/** What a stemmed name names: a table, or a column of the `owners` tables. */
export interface NameTarget {
  table: TableSchema | null;
  owners: TableSchema[];
}

/** Values shorter than this many characters are not linked (a, no, ok, ...). */
const MIN_VALUE_CHARS = 3;
/** Values of more than this many words are not looked for. */
const MAX_VALUE_WORDS = 4;

/** One stored value of one column that schema-links.ts may link, with what it derives from the value alone. */
export interface ValueEntry {
  table: TableSchema;
  column: string;
  /** The value trimmed, in lower case (the link's text). */
  lower: string;
  /** The initials of its 3 to 5 words when all are capitals (`CEO` of `Chief Executive Officer`), else null. */
  initials: string | null;
  /** Its words (lower case) when it may be linked by its whole text, else null. */
  parts: string[] | null;
  /** The value trimmed when it is only a known value (it must then be written as stored), null when sampled. */
  exact: string | null;
}

/** A schema's name index and its linkable values, in the order of tables, columns and values. */
export interface SchemaLinkIndex {
  names: Map<string, NameTarget>;
  values: ValueEntry[];
  /** Indices into `values` by the value's first word (lower case), for entries with `parts`. */
  byFirstWord: Map<string, number[]>;
  /** Indices into `values` by initials, for entries with `initials`. */
  byInitials: Map<string, number[]>;
}

const indexes = new WeakMap<DatabaseSchema, SchemaLinkIndex>();

/** The schema's {@link SchemaLinkIndex}, built on first use. */
export function schemaLinkIndex(schema: DatabaseSchema): SchemaLinkIndex {
  let index = indexes.get(schema);
  if (!index) {
    index = buildIndex(schema);
    indexes.set(schema, index);
  }
  return index;
}

function buildIndex(schema: DatabaseSchema): SchemaLinkIndex {
  const names = nameIndex(schema);
  const values: ValueEntry[] = [];
  const byFirstWord = new Map<string, number[]>();
  const byInitials = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, at: number) => {
    const list = map.get(key);
    if (list) list.push(at);
    else map.set(key, [at]);
  };
  for (const table of schema.tables) {
    for (const column of table.columns) {
      const sampled = column.sampleValues ?? [];
      if (sampled.length === 1 && !column.knownValues?.length) continue;
      for (const value of [...sampled, ...(column.knownValues ?? [])]) {
        const entry = valueEntry(table, column.name, value, sampled.includes(value), names);
        if (!entry.initials && !entry.parts) continue;
        const at = values.push(entry) - 1;
        if (entry.initials) add(byInitials, entry.initials, at);
        if (entry.parts) add(byFirstWord, entry.lower.split(/[^\p{L}\p{N}]/u)[0], at);
      }
    }
  }
  return { names, values, byFirstWord, byInitials };
}

/** The value's entry: `parts` only when its whole text may be linked (long enough, a letter, not a name, 1-4 words). */
function valueEntry(
  table: TableSchema,
  column: string,
  value: string,
  isSampled: boolean,
  names: Map<string, NameTarget>,
): ValueEntry {
  const lower = value.trim().toLowerCase();
  const words = value.trim().split(/\s+/);
  const initials = words.length >= 3 && words.length <= 5 ? words.map((p) => p[0]).join('') : '';
  let parts: string[] | null = null;
  if (lower.length >= MIN_VALUE_CHARS && /\p{L}/u.test(lower) && !names.has(stemWord(lower))) {
    const found = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (found.length > 0 && found.length <= MAX_VALUE_WORDS && found.join(' ') === lower.replace(/\s+/g, ' '))
      parts = found;
  }
  return {
    table,
    column,
    lower,
    initials: /^\p{Lu}+$/u.test(initials) ? initials : null,
    parts,
    exact: isSampled ? null : value.trim(),
  };
}

/** Stemmed whole names of tables (with the table) and columns (without), by their space-joined stems. */
function nameIndex(schema: DatabaseSchema): Map<string, NameTarget> {
  const names = new Map<string, NameTarget>();
  for (const table of schema.tables) {
    for (const column of table.columns) {
      const key = splitWords(column.name).map(stemWord).join(' ');
      if (!key) continue;
      const named = names.get(key) ?? { table: null, owners: [] };
      named.owners.push(table);
      names.set(key, named);
    }
  }
  for (const table of schema.tables) {
    const key = splitWords(table.name).map(stemWord).join(' ');
    if (key) names.set(key, { table, owners: [] });
  }
  return names;
}
