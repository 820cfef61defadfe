import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { findLiteralFilters, type LiteralFilter } from '@nlq/db-drivers';

/** One finding about a filter value of the SQL that ran (for the answer and the check span's detail). */
export interface ValueNote {
  /** `table.column`. */
  column: string;
  problem: 'type-mismatch' | 'unknown-value';
  /** One sentence for the answer. */
  text: string;
}

const NUMERIC_TYPE = /int|numeric|decimal|real|double|float|number|money|serial/i;
const TEXT_TYPE = /char|text|string|clob|enum|set/i;
const NUMERIC_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;
const RANGE = new Set(['<', '<=', '>', '>=', 'BETWEEN']);
/** Known values named in a note at most. */
const NOTE_VALUES = 5;

/** The declared kind of a column: number, text, or null when its type says neither (e.g. SQLite untyped, dates). */
export function declaredKind(type: string): 'number' | 'text' | null {
  if (NUMERIC_TYPE.test(type)) return 'number';
  if (TEXT_TYPE.test(type) && !/date|time/i.test(type)) return 'text';
  return null;
}

const quoted = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);

function noteFor(filter: LiteralFilter): ValueNote | null {
  const column = `${filter.table.name}.${filter.column.name}`;
  const kind = declaredKind(filter.column.type ?? '');
  if (kind === 'number') {
    const text = filter.values.find((v) => typeof v === 'string' && !NUMERIC_TEXT.test(v));
    if (text !== undefined)
      return {
        column,
        problem: 'type-mismatch',
        text: `Note: ${column} holds numbers but was compared with the text ${quoted(text)}.`,
      };
  }
  if (kind === 'text' && RANGE.has(filter.operator)) {
    const number = filter.values.find((v) => typeof v === 'number');
    if (number !== undefined)
      return {
        column,
        problem: 'type-mismatch',
        text: `Note: ${column} holds text but was compared with the number ${number}, which compares text, not amounts.`,
      };
  }
  const known = filter.column.sampleValues;
  if (kind !== 'number' && known?.length && (filter.operator === '=' || filter.operator === 'IN')) {
    const set = new Set(known);
    const missing = filter.values.map(String).filter((v) => !set.has(v));
    if (missing.length) {
      const byCase = new Map(known.map((k) => [k.toLowerCase(), k]));
      const stored = missing.map((v) => byCase.get(v.toLowerCase())).filter((v): v is string => v !== undefined);
      if (stored.length === missing.length) {
        return {
          column,
          problem: 'unknown-value',
          text: `Note: ${column} stores ${stored.map(quoted).join(', ')}, not ${missing.map(quoted).join(', ')} (letter case differs).`,
        };
      }
      const shown = known.slice(0, NOTE_VALUES).map(quoted).join(', ');
      return {
        column,
        problem: 'unknown-value',
        text: `Note: ${missing.map(quoted).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the known values of ${column} (${shown}${known.length > NOTE_VALUES ? ', ...' : ''}).`,
      };
    }
  }
  return null;
}

/**
 * Value checks (docs/architecture.md step 11): what a person should know about the filter values of the SQL that
 * ran, from the schema alone (no query): a value compared with a column of another declared type (text against a
 * numeric column; a number against a text column in a range comparison, e.g. `airline >= 10`), and an `=`/`IN` value
 * not among the column's known (sampled) values, naming those values or the stored letter case. Only conjuncts of the
 * outermost WHERE that compare a column with literals are looked at (findLiteralFilters of @nlq/db-drivers); never
 * throws.
 */
export function checkFilterValues(sql: string, dialect: Dialect, schema: DatabaseSchema): ValueNote[] {
  try {
    return findLiteralFilters(sql, dialect, schema)
      .map(noteFor)
      .filter((n): n is ValueNote => n !== null);
  } catch {
    return [];
  }
}

/** The answer with each note appended as its own sentence, unless the answer already says it. */
export function withValueNotes(answer: string, notes: readonly ValueNote[]): string {
  let text = answer.trimEnd();
  for (const note of notes) {
    if (text.includes(note.text)) continue;
    text = text ? `${text}${/[.!?]$/.test(text) ? '' : '.'} ${note.text}` : note.text;
  }
  return text;
}
