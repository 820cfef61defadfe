import { isMoneyColumn, type ColumnSchema, type DatabaseSchema, type TableSchema } from '@nlq/contracts';
import { candidateSql, type CandidateCategory } from './candidate-sql';

/** The kinds of question {@link candidateQuestions} builds, in the order their candidates are interleaved. */
export type CandidateKind = 'measure-per-category' | 'count' | 'top' | 'count-per-category';

/** One example question built from a schema, not yet checked. */
export interface CandidateQuestion {
  kind: CandidateKind;
  /** The table the question is about (its checked examples are spread over tables). */
  table: string;
  question: string;
  /**
   * The SQL the question was made from (in the schema's dialect): the question is offered only when the offline
   * engine reads it back to SQL with the same result ({@link ExampleQuestions}).
   */
  sql: string;
  /** The rows of `sql` the question asks for ("Top 5": 5), or null for all of them. */
  rows: number | null;
}

const NUMERIC_TYPE = /int|real|float|double|numeric|decimal|money|number/i;
const TEXT_TYPE = /char|text|string|clob|enum/i;
/** Column name words of identifiers and codes: never a measure, even when numeric. */
const NOT_MEASURE_WORDS = new Set(['id', 'code', 'year', 'zip', 'phone', 'number', 'no', 'sku', 'postal']);
/** Most distinct values a category column may have to be grouped by (its introspected sample values). */
const MAX_CATEGORY_VALUES = 30;

/** Lower-case words of an identifier: `order_items` and `OrderItems` give `order items`. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');
}

/** Measures summed make no sense for these words (`unit_price`, `rating`): their average is asked instead. */
const AVERAGE_WORDS = new Set(['price', 'rate', 'rating', 'score', 'age', 'percent', 'pct', 'ratio', 'discount']);

/** A table's name in the plural for "How many <table>" (`track` -> `tracks`, `Category` -> `categories`). */
function plural(phrase: string): string {
  if (/s$/.test(phrase)) return phrase;
  if (/[^aeiou]y$/.test(phrase)) return phrase.replace(/y$/, 'ies');
  if (/(ch|sh|x)$/.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}

/** A table's name in the singular for "per <table>" (`categories` -> `category`, `countries` -> `country`). */
function singular(phrase: string): string {
  if (/ies$/.test(phrase)) return phrase.replace(/ies$/, 'y');
  if (/(ss|us|is)$/.test(phrase)) return phrase;
  if (/(ches|shes|xes|sses)$/.test(phrase)) return phrase.replace(/es$/, '');
  return phrase.replace(/s$/, '');
}

function foreignKeyColumns(table: TableSchema): Set<string> {
  return new Set(table.foreignKeys.flatMap((fk) => fk.columns));
}

/** Numeric columns that are amounts or quantities: not keys, not foreign keys, not identifiers or codes. */
function measures(table: TableSchema): ColumnSchema[] {
  const keys = foreignKeyColumns(table);
  const found = table.columns.filter(
    (c) =>
      NUMERIC_TYPE.test(c.type) &&
      !c.primaryKey &&
      !keys.has(c.name) &&
      !words(c.name)
        .split(' ')
        .some((w) => NOT_MEASURE_WORDS.has(w)),
  );
  // money first (amounts, totals, salaries): the measures people ask about most
  return [...found.filter((c) => isMoneyColumn(c.name)), ...found.filter((c) => !isMoneyColumn(c.name))];
}

/** Text columns with a few distinct values (2..30 introspected sample values): good to group by. */
function categories(table: TableSchema): ColumnSchema[] {
  return table.columns.filter(
    (c) =>
      TEXT_TYPE.test(c.type) &&
      !c.primaryKey &&
      (c.sampleValues?.length ?? 0) >= 2 &&
      (c.sampleValues?.length ?? 0) <= MAX_CATEGORY_VALUES,
  );
}

/**
 * Categories of `table`: its own low-cardinality text columns (`status`), and the name-like column of each table a
 * foreign key references, named by that table (`category` for products -> categories.name).
 */
function categoryPhrases(table: TableSchema, byName: Map<string, TableSchema>): CandidateCategory[] {
  const own: CandidateCategory[] = categories(table).map((c) => ({ phrase: words(c.name), column: c.name }));
  const referenced = table.foreignKeys.flatMap((fk): CandidateCategory[] => {
    const target = byName.get(fk.referencedTable);
    if (!target || target === table || fk.columns.length !== 1) return [];
    const named = target.columns.find((c) => TEXT_TYPE.test(c.type) && /^(name|title|label)$/i.test(c.name));
    return named
      ? [
          {
            phrase: singular(words(target.name)),
            column: fk.columns[0],
            via: { table: target, fk, column: named.name },
          },
        ]
      : [];
  });
  const seen = new Set<string>();
  return [...own, ...referenced].filter((c) => !seen.has(c.phrase) && Boolean(seen.add(c.phrase)));
}

/**
 * "Total <measure>" with the measure's words without a leading "total" (`total_amount` -> "Total amount"), or
 * "Average <measure>" for a price, rate or score (`unit_price` -> "Average unit price").
 */
function aggregatePhrase(column: ColumnSchema): string {
  const all = words(column.name);
  if (isAveraged(column)) return `Average ${all}`;
  return `Total ${all.replace(/^total /, '') || all}`;
}

/** True for a price, rate or score: averaged, never summed. */
function isAveraged(column: ColumnSchema): boolean {
  return words(column.name)
    .split(' ')
    .some((w) => AVERAGE_WORDS.has(w));
}

/**
 * Example questions for any schema, from its tables, columns and foreign keys, never from the
 * names of one database: "How many <table> are there?", "Total <measure> per <category>", "Top 5 <table> by
 * <measure>" and "How many <table> are there per <category>?" ("Average" for prices, rates and scores; money
 * measures first). Tables with more relations (foreign keys either way) come first, then more rows when the engine
 * reports them; the kinds are interleaved so the first that pass the check differ. Each carries the SQL it was made
 * from (`candidate-sql.ts`). Pure; the questions still have to be checked ({@link ExampleQuestions}).
 */
export function candidateQuestions(schema: DatabaseSchema): CandidateQuestion[] {
  const tables = schema.tables.filter((t) => t.kind === 'table' && t.columns.length > 0);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const degree = (t: TableSchema) =>
    t.foreignKeys.length + tables.filter((o) => o.foreignKeys.some((fk) => fk.referencedTable === t.name)).length;
  const ranked = [...tables].sort(
    (a, b) => degree(b) - degree(a) || (b.rowCount ?? 0) - (a.rowCount ?? 0) || a.name.localeCompare(b.name),
  );
  const lists: Record<CandidateKind, CandidateQuestion[]> = {
    'measure-per-category': [],
    count: [],
    top: [],
    'count-per-category': [],
  };
  for (const table of ranked) {
    const name = plural(words(table.name));
    const cats = categoryPhrases(table, byName);
    const nums = measures(table);
    const sql = candidateSql(schema.dialect, table);
    const add = (kind: CandidateKind, question: string, text: string, rows: number | null = null) =>
      lists[kind].push({ kind, table: table.name, question, sql: text, rows });
    add('count', `How many ${name} are there?`, sql.count());
    for (const m of nums.slice(0, 2)) {
      for (const c of cats.slice(0, 2)) {
        add('measure-per-category', `${aggregatePhrase(m)} per ${c.phrase}`, sql.perCategory(c, m.name, isAveraged(m)));
      }
      add('top', `Top 5 ${name} by ${words(m.name)}`, sql.top(m.name), 5);
    }
    for (const c of cats.slice(0, 2)) {
      add('count-per-category', `How many ${name} are there per ${c.phrase}?`, sql.perCategory(c, null, false));
    }
  }
  const out: CandidateQuestion[] = [];
  const seen = new Set<string>();
  const kinds = Object.keys(lists) as CandidateKind[];
  for (let i = 0; kinds.some((k) => i < lists[k].length); i++) {
    for (const k of kinds) {
      const c = lists[k][i];
      if (c && !seen.has(c.question.toLowerCase())) {
        seen.add(c.question.toLowerCase());
        out.push(c);
      }
    }
  }
  return out;
}
