/** What the offline engine understood a question to ask, before SQL is written (output of intent-parser.ts). */

/** A column of a table, tables named by `tableKey`. */
export interface ColumnRef {
  table: string;
  column: string;
  /**
   * Only in a list's `columns`: more columns of the same row shown with this one as one value, joined by spaces
   * (a full name from first and last name), under `alias`.
   */
  joined?: { with: ColumnRef[]; alias: string };
}

export type AggregateFn = 'count' | 'sum' | 'avg' | 'min' | 'max';

/**
 * What is aggregated: a column, quantity x unit price of a line-item table, the time from one date column to
 * another of the same row (`left` the start, `right` the end, in days or hours), or rows of a table.
 */
export type MeasureExpr =
  | { kind: 'column'; ref: ColumnRef }
  | { kind: 'product'; left: ColumnRef; right: ColumnRef }
  | { kind: 'duration'; left: ColumnRef; right: ColumnRef; unit: DurationUnit }
  | { kind: 'rows'; table: string };

/** Units of a duration measure. */
export type DurationUnit = 'day' | 'hour';

/**
 * SQL of a business definition (docs/knowledge.md) cut at its `table.column` references: text pieces as written and
 * the columns, so that the SQL builder writes each column with the alias it gives the table (`SUM(o.total_amount)`)
 * and every table the SQL names is joined. `tables` are the table keys in order of first use.
 */
export interface SqlFragment {
  parts: Array<string | ColumnRef>;
  tables: string[];
}

/** An aggregate (or, with fn `none`, a plain column used for ordering). */
export interface Measure {
  fn: AggregateFn | 'none';
  expr: MeasureExpr;
  /** Output column alias, e.g. `total_sales`, `order_count`, `avg_total`. */
  alias: string;
  /** Words for answers, e.g. "total sales", "number of orders", "average total". */
  label: string;
  /** True when the value is money (formatted with two decimals and a $ sign in answers). */
  money: boolean;
  /**
   * A metric's expression (knowledge-definitions.ts), written as the aggregate instead of `fn(expr)`; `expr` is then
   * the expression's first column, which places the measure in its table.
   */
  definition?: SqlFragment;
}

export type CompareOp = '=' | '<>' | '>' | '>=' | '<' | '<=';

/** One WHERE condition. */
export type Filter =
  | CompareFilter
  | { kind: 'dateRange'; ref: ColumnRef; from: string | null; to: string | null; label: string }
  /**
   * Rows of the subject by how many rows of a related `table` point at them along foreign keys: COUNT op count
   * ("customers without orders": = 0; "customers with more than 20 orders": > 20). `ref` is the subject key the
   * last foreign key references.
   */
  | {
      kind: 'related';
      ref: ColumnRef;
      table: string;
      op: CompareOp;
      count: number;
      label: string;
      aggregate?: RelatedAggregate;
    }
  /** The time from the row's `ref` date to its `end` date, in `unit`s, compared with `value` ("took more than 7 days"). */
  | {
      kind: 'duration';
      ref: ColumnRef;
      end: ColumnRef;
      unit: DurationUnit;
      op: CompareOp;
      value: number;
      label: string;
    }
  /**
   * Values joined by "or" ("pending or cancelled", "in Paris or in the Corporate segment"): rows meeting any of the
   * `parts`; `IN (...)` when they are all "=" on one column, else `(... OR ...)`. `ref` is the first part's column.
   */
  | { kind: 'anyOf'; ref: ColumnRef; parts: CompareFilter[]; label: string }
  /** A column set or not: `IS NOT NULL` when `negated`, else `IS NULL` ("discontinued": the date of it is set). */
  | { kind: 'isNull'; ref: ColumnRef; negated: boolean; label: string }
  /**
   * A flag column set ("active suppliers": `is_active`; "discontinued products": a `discontinued` 0/1 column), or
   * not set when `negated`; written `= TRUE` for a PostgreSQL boolean, else `= 1` (`= 0`, `= FALSE` negated).
   */
  | { kind: 'flag'; ref: ColumnRef; negated: boolean; label: string }
  /**
   * Two columns of the same row compared ("orders shipped after the required date": `shipped_date > required_date`;
   * "products whose price is above their cost"); column-comparison.ts.
   */
  | { kind: 'columns'; ref: ColumnRef; op: CompareOp; other: ColumnRef; label: string }
  /** A business definition's condition as written (knowledge-definitions.ts); `ref` its first column. */
  | { kind: 'sql'; ref: ColumnRef; fragment: SqlFragment; label: string };

/** A comparison of a column with a value. */
export type CompareFilter = { kind: 'compare'; ref: ColumnRef; op: CompareOp; value: string | number; label: string };

/**
 * What a `related` filter compares instead of the number of related rows: an aggregate of their column (or of a
 * line's quantity x price) over the related rows of each subject row ("customers who spent more than 1000": the sum
 * of their orders' totals; "products with an average rating below 3"), the HAVING sketch written as a correlated
 * subquery. `alias` and `label` name the value when a list shows it.
 */
export interface RelatedAggregate {
  fn: 'sum' | 'avg' | 'min' | 'max';
  expr: Extract<MeasureExpr, { kind: 'column' } | { kind: 'product' }>;
  alias: string;
  label: string;
}

/** What rows are grouped by: a column, a table (its key and label columns) or a year/month of a date column. */
export type GroupKey =
  | { kind: 'column'; ref: ColumnRef }
  | { kind: 'table'; table: string }
  | { kind: 'period'; ref: ColumnRef; unit: 'year' | 'month' | 'day' };

/** A read question. */
export interface ReadIntent {
  kind: 'count' | 'aggregate' | 'list' | 'top';
  /** The table whose rows are counted, listed or ranked (for `top` by a column group: the measure's table). */
  subject: string;
  filters: Filter[];
  group: GroupKey | null;
  measure: Measure | null;
  /**
   * `aggregate`: more values of the same rows before `measure` ("the maximum and minimum price": MAX and MIN of
   * one column; "the maximum capacity and the average capacity"), each over the measure's own table.
   */
  moreMeasures?: Measure[];
  /** `list` of a column's values (`group`) kept by how many rows hold each: HAVING COUNT(*) op count. */
  having?: { op: CompareOp; count: number; label: string };
  /** `top`: how many; ranked by the measure in `direction`. */
  limit: number | null;
  /**
   * `top` asked in the singular without a number ("which state has the largest area", "which employee sold the
   * most"): every row or group holding the extreme value (ties included), not an arbitrary first one.
   */
  ties?: boolean;
  /**
   * `top` per group ("the best-selling product in each category"): in each group of `group`, the `limit` rows of
   * `subject` ranked first by `measure` (ties kept); see top-per-group.ts.
   */
  perGroup?: boolean;
  /** `list` of columns of the row(s) one name picks ("what is the capital of texas"): distinct values. */
  lookup?: boolean;
  direction: 'asc' | 'desc';
  /**
   * `list`: columns to show plus label columns of related tables; when empty, the subject's name columns (a product
   * by its name), or every column when it has none or {@link records} is set.
   */
  columns: ColumnRef[];
  /**
   * `list` asking for whole records rather than the things themselves ("all details of the suppliers", "the rows of
   * orders", "a query showing the customers"): every column of the subject when the question names none.
   */
  records?: boolean;
  /**
   * A percentage ("what percentage of orders are shipped"): the share, in percent, of the rows kept by `filters`
   * that also meet every one of these conditions.
   */
  share?: Filter[];
  /**
   * A ratio of two counts ("the ratio of publications to authors"): the statement divides the numerator's count by
   * the denominator's (a decimal, NULL when the denominator is 0); `filters` and `group` are then empty.
   */
  ratio?: { numerator: ReadIntent; denominator: ReadIntent };
  /** `count` asked as yes/no ("are there any orders in 2024?"): answered yes when some row exists. */
  yesNo?: boolean;
  /** Row order the question asks for ("ordered by name", "by month ascending"); default when absent. */
  orderBy?: { by: ColumnRef | 'group' | 'measure'; direction: 'asc' | 'desc' };
  /** 0..1: lowered by words ignored or substituted (question-confidence.ts); absent means fully understood. */
  confidence?: number;
}

/** A simple single-table write (held for approval by the pipeline's policy). */
export interface WriteIntent {
  kind: 'delete' | 'update';
  table: string;
  filters: Array<Extract<Filter, { kind: 'compare' }>>;
  set: { column: string; value: string | number } | null;
}

export type QueryIntent = ReadIntent | WriteIntent;

/** True for DELETE/UPDATE intents. */
export function isWriteIntent(intent: QueryIntent): intent is WriteIntent {
  return intent.kind === 'delete' || intent.kind === 'update';
}

/** A text that is equal for two filters exactly when they keep the same rows (labels aside). */
function filterKey(f: Filter): string {
  if (f.kind === 'compare') return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.op, typeof f.value, f.value]);
  if (f.kind === 'dateRange') return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.from, f.to]);
  if (f.kind === 'isNull' || f.kind === 'flag') return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.negated]);
  if (f.kind === 'sql') return JSON.stringify([f.kind, f.fragment.parts]);
  if (f.kind === 'anyOf') return JSON.stringify([f.kind, f.parts.map(filterKey)]);
  if (f.kind === 'columns')
    return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.op, f.other.table, f.other.column]);
  if (f.kind === 'duration')
    return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.end.column, f.unit, f.op, f.value]);
  return JSON.stringify([f.kind, f.ref.table, f.ref.column, f.table, f.op, f.count, f.aggregate ?? null]);
}

/** `filters` with each repeat of an earlier identical condition left out, in order. */
export function distinctFilters<F extends Filter>(filters: readonly F[]): F[] {
  const seen = new Set<string>();
  return filters.filter((f) => {
    const key = filterKey(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `intent` with repeated identical conditions written once ("Garden Garden Garden", "cancelled cancelled"): the
 * same rows, without a WHERE (or an EXISTS subquery) per repeat. Applies to the conditions of a share and to both
 * counts of a ratio too.
 */
export function withDistinctFilters<I extends QueryIntent>(intent: I): I {
  if (isWriteIntent(intent)) return { ...intent, filters: distinctFilters(intent.filters) };
  const read: ReadIntent = intent;
  return {
    ...intent,
    filters: distinctFilters(read.filters),
    ...(read.share ? { share: distinctFilters(read.share) } : {}),
    ...(read.ratio
      ? {
          ratio: {
            numerator: withDistinctFilters(read.ratio.numerator),
            denominator: withDistinctFilters(read.ratio.denominator),
          },
        }
      : {}),
  };
}

/** SQL written for an intent, plus which output columns name rows and which hold the measure (for answers). */
export interface BuiltSql {
  sql: string;
  /** Output column names that label a row (name, title, first and last name, group key). */
  labelColumns: string[];
  /** Output column name of the measure, when there is one. */
  valueColumn: string | null;
}
