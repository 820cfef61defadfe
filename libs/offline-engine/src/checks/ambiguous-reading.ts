import type { JoinPlanner } from '../linking/join-planner';
import { pluralWords } from '../sketches/intent-words';
import { UnmappedQuestionError } from '../linking/question-items';
import { tableNoun, type LexiconTarget, type SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizedWords } from '../words/word-forms';

/**
 * One reading of an ambiguous question: `label` says it in words; the question restated for it is
 * the question with its first `phrase` (matched word by word, case-insensitive) replaced by `replacement`, a wording
 * the engine reads only one way (a `table.column` name before the value, see question-tokenizer.ts).
 */
export interface AmbiguousReading {
  label: string;
  phrase: string;
  /** The replacement, or several to try in order (the first restated question the engine answers is kept). */
  replacement: string | string[];
}

/**
 * The parser found two or more readings it cannot rank apart (a value in two independent columns, a near match of a
 * stored value, a word fitting two columns). It is an UnmappedQuestionError, so a caller that does not ask back
 * refuses with `reason`; the engine turns it into a clarification (clarification.ts).
 */
export class AmbiguousQuestionError extends UnmappedQuestionError {
  constructor(
    reason: string,
    readonly readings: AmbiguousReading[],
    /** The question asked back ("Did you mean ...?"); default: which of the readings is meant. */
    readonly ask: string | null = null,
  ) {
    super(reason);
    this.name = 'AmbiguousQuestionError';
  }
}

type ValueTarget = Extract<LexiconTarget, { kind: 'value' }>;

/** `table.column` as the tokenizer reads it back (question-tokenizer.ts `qualified`). */
export function qualifiedName(lex: SchemaLexicon, table: string, column: string): string {
  return `${lex.table(table).name}.${column}`;
}

/** `value` as a literal of a restated question: quoted, or as plain words when it holds a quote itself. */
export function restatedLiteral(value: string): string {
  return /['"\u2018\u2019\u201c\u201d]/.test(value) ? value : `'${value}'`;
}

/** The reading "rows of `anchor` whose (own | <table>'s) <column> is '<value>'", restating `phrase` with table.column. */
export function valueReading(
  lex: SchemaLexicon,
  anchor: string,
  t: { table: string; column: string },
  value: string,
  phrase: string,
): AmbiguousReading {
  const owner = t.table === anchor ? 'own' : `${tableNoun(lex.table(t.table))}'s`;
  return {
    label: `${pluralWords(tableNoun(lex.table(anchor)))} whose ${owner} ${humanize(t.column)} is '${value}'`,
    phrase,
    replacement: `${qualifiedName(lex, t.table, t.column)} ${restatedLiteral(value)}`,
  };
}

/**
 * Other readings of a stored value that `chosen` (the column the engine would filter) does not cover (docs/architecture.md
 * "Readings and clarifications"): value targets of the same stored value in a column named like the chosen one ("city name"), in a table that
 * holds the same rows as `anchor` one to one (see JoinPlanner.sameRows: both columns are then the row's own), that the
 * join from `anchor` does not equate with the chosen column. `restaurant.city_name` and `location.city_name` of a
 * location keyed by restaurant id are two readings; `city.state_name` and `state.state_name` joined on those very
 * columns are one; a parent's or child's column (the state's country for "cities in the usa") describes another
 * row, and the row's own column is read.
 */
export function independentReadings(
  chosen: ValueTarget,
  targets: readonly LexiconTarget[],
  anchor: string,
  lex: SchemaLexicon,
  planner: JoinPlanner,
): ValueTarget[] {
  const words = normalizedWords(chosen.column).join(' ');
  const out: ValueTarget[] = [];
  for (const t of targets) {
    if (t.kind !== 'value' || (t.table === chosen.table && t.column === chosen.column)) continue;
    if (t.value.toLowerCase() !== chosen.value.toLowerCase() || normalizedWords(t.column).join(' ') !== words) continue;
    const own = (table: string) => table === anchor || planner.sameRows(anchor, table);
    if (!own(t.table) || !own(chosen.table) || out.some((o) => o.table === t.table && o.column === t.column)) continue;
    if (!equated(anchor, chosen, t, planner)) out.push(t);
  }
  return out;
}

/** True when the joins from `anchor` to both columns' tables set the two columns equal (directly or in a chain). */
function equated(
  anchor: string,
  a: { table: string; column: string },
  b: { table: string; column: string },
  planner: JoinPlanner,
): boolean {
  let joins;
  try {
    joins = planner.plan(anchor, [a.table, b.table]).joins;
  } catch {
    return false;
  }
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r)) r = parent.get(r) as string;
    return r;
  };
  const key = (table: string, column: string) => `${table}\u0000${column.toLowerCase()}`;
  for (const j of joins) {
    for (const [viaColumn, tableColumn] of j.on) {
      const x = find(key(j.via, viaColumn));
      const y = find(key(j.table, tableColumn));
      if (x !== y) parent.set(x, y);
    }
  }
  return find(key(a.table, a.column)) === find(key(b.table, b.column));
}

/**
 * A stored value the question spells differently: "denny" for the stored "denny's", a typo, or
 * one word for two stored values ("denny" for "denny's" and "dennys"). The targets spelled as written (`written`,
 * possessives kept; case and spacing aside) are the value; else the one stored value that differs only by a plural
 * ending; else the engine asks "Did you mean ...?" offering each stored value and the words as written (the error
 * returned).
 */
export function nearMatch<T extends ValueTarget>(
  written: string,
  targets: readonly T[],
  anchorOf: (t: T) => string,
  lex: SchemaLexicon,
): T[] | AmbiguousQuestionError {
  const plain = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const asked = plain(written);
  const exact = targets.filter((t) => plain(t.value) === asked);
  if (exact.length || !targets.length) return exact.length ? exact : [...targets];
  const values = new Set(targets.map((t) => plain(t.value)));
  const [only] = [...values];
  if (values.size === 1 && [`${only}s`, `${only}es`].includes(asked)) return [...targets];
  const stored = [...new Set(targets.map((t) => t.value))].slice(0, 4);
  // the stored value in the question's place reads as the original would, without the near match
  const readings: AmbiguousReading[] = stored.map((value) => {
    const t = targets.find((x) => x.value === value) as ValueTarget;
    return {
      label: `'${value}' (${humanize(t.column)} of ${tableNoun(lex.table(t.table))})`,
      phrase: written,
      replacement: value,
    };
  });
  const first = targets[0];
  const literal = valueReading(lex, anchorOf(first), first, written, written).replacement as string;
  // as a filter where the value stood, or as the rows it named ("how many denny" -> restaurants with name 'denny')
  const rows = `${pluralWords(tableNoun(lex.table(first.table)))} with ${literal}`;
  readings.push({ label: `exactly '${written}', as written`, phrase: written, replacement: [literal, rows] });
  return new AmbiguousQuestionError(
    `"${written}" is not stored as written; the nearest stored ${stored.length > 1 ? 'values are' : 'value is'} ${stored.map((v) => `'${v}'`).join(', ')}`,
    readings,
    `Did you mean ${stored.map((v) => `'${v}'`).join(' or ')}?`,
  );
}

/**
 * The question with the first occurrence of `phrase` (word by word, case-insensitive) replaced; null when absent.
 * An empty `phrase` appends the replacement (before a closing ? . or !).
 */
export function restate(question: string, phrase: string, replacement: string): string | null {
  if (!phrase) {
    const end = /\s*[?.!]*\s*$/.exec(question) as RegExpExecArray;
    return `${question.slice(0, end.index)} ${replacement}${question.slice(end.index)}`;
  }
  const words = phrase
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length) return null;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_'.])${words.join('[\\s\\-]+')}(?:['\u2019]s)?(?![\\p{L}\\p{N}_])`,
    'iu',
  );
  const m = pattern.exec(question);
  if (!m) return null;
  return `${question.slice(0, m.index)}${replacement}${question.slice(m.index + m[0].length)}`;
}
