import type { Dialect } from '@nlq/contracts';
import { UnmappedQuestionError } from '../linking/question-items';
import { ownKeyColumn } from '../linking/inferred-keys';
import type { JoinPlan, JoinPlanner } from '../linking/join-planner';
import {
  isWriteIntent,
  type ColumnRef,
  type Filter,
  type Measure,
  type QueryIntent,
  type ReadIntent,
  type WriteIntent,
} from '../sketches/query-intent';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { concatWithSpaces, durationExpr, literal, periodExpr, quoteIdent, quoteTable, usesTop } from './sql-dialect';
import { normalizedWords, splitIdentifier } from '../words/word-forms';
import { MONTH_NAMES } from '../words/question-vocabulary';
import { writeTopPerGroup } from './top-per-group-sql';
import { flagSql } from '../sketches/flag-columns';
import { fragmentHasOr, renderSqlFragment } from '../knowledge/knowledge-definitions';
import type { BuiltSql } from '../sketches/query-intent';

const ALIAS_RESERVED = new Set([
  'as',
  'at',
  'by',
  'do',
  'go',
  'if',
  'in',
  'is',
  'no',
  'of',
  'on',
  'or',
  'to',
  'all',
  'and',
  'any',
  'asc',
  'end',
  'for',
  'key',
  'not',
  'set',
  'top',
  'use',
]);

/**
 * Write one SQL statement for an intent in the given dialect.
 * Reads: one SELECT; lists and grouped results carry a row limit of `maxRows` (`LIMIT n`, or `TOP n` for SQL
 * Server); top-N questions carry `LIMIT min(N, maxRows)`. Joins follow the shortest foreign-key paths; a count
 * over joins that can repeat rows counts distinct primary keys; a sum or average over such joins is refused
 * (UnmappedQuestionError) rather than double counted. Writes: one DELETE or UPDATE on one table with its WHERE.
 */
export function buildSql(
  intent: QueryIntent,
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
  dialect: Dialect,
  maxRows: number,
): BuiltSql {
  if (isWriteIntent(intent)) return buildWrite(intent, lexicon, dialect);
  return new ReadSqlWriter(intent, lexicon, planner, dialect, maxRows).write();
}

function buildWrite(intent: WriteIntent, lexicon: SchemaLexicon, dialect: Dialect): BuiltSql {
  const table = lexicon.table(intent.table);
  const t = quoteTable(table.name, table.schema, dialect);
  const where = intent.filters
    .map((f) => `${quoteIdent(f.ref.column, dialect)} ${f.op} ${literal(f.value, dialect)}`)
    .join(' AND ');
  if (intent.kind === 'delete') return { sql: `DELETE FROM ${t} WHERE ${where}`, labelColumns: [], valueColumn: null };
  const set = intent.set as { column: string; value: string | number };
  return {
    sql: `UPDATE ${t} SET ${quoteIdent(set.column, dialect)} = ${literal(set.value, dialect)} WHERE ${where}`,
    labelColumns: [],
    valueColumn: null,
  };
}

/**
 * The numeric column of a table that already counts what each row stands for: `count`, `<table>_count`,
 * `num_<table>s` (a pre-aggregated table such as check-ins per business and day); null when there is none.
 */
export function tallyColumn(lexicon: SchemaLexicon, table: string): string | null {
  const tw = normalizedWords(lexicon.table(table).name).join(' ');
  const hits = lexicon.columnsOfKind(table, 'number').filter((c) => {
    const cw = normalizedWords(c).join(' ');
    return cw === 'count' || cw === `${tw} count` || cw === `num ${tw}` || cw === `number of ${tw}`;
  });
  return hits.length === 1 ? hits[0] : null;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Calendar order of a text column holding month or weekday names (all its listed values are such names, written
 * in full or as three letters): `CASE col WHEN 'January' THEN 1 ... END`, else null (the column sorts as text).
 */
export function calendarOrder(column: string, values: readonly string[], dialect: Dialect): string | null {
  if (!values.length) return null;
  for (const names of [MONTH_NAMES, WEEKDAYS]) {
    const rank = (v: string) =>
      names.findIndex((n) => n === v.trim().toLowerCase() || n.slice(0, 3) === v.trim().toLowerCase());
    if (values.every((v) => rank(v) >= 0))
      return `CASE ${column} ${values.map((v) => `WHEN ${literal(v, dialect)} THEN ${rank(v) + 1}`).join(' ')} END`;
  }
  return null;
}

/** The group's select items, GROUP BY keys, output label names and calendar order (null: none). */
interface GroupParts {
  items: string[];
  keys: string[];
  labels: string[];
  order: string | null;
}

/** What ReadSqlWriter.write has built of an aggregate before writing it (writeAggregate). */
interface AggregateParts {
  /** The measure. */
  m: Measure;
  /** Its SQL with its alias (`SUM(x) AS total`). */
  measure: string;
  g: GroupParts;
  /** The FROM clause with its joins (leading space). */
  from: string;
  maxRows: number;
}

class ReadSqlWriter {
  private aliases = new Map<string, string>();
  private plan!: JoinPlan;

  constructor(
    private intent: ReadIntent,
    private readonly lex: SchemaLexicon,
    private readonly planner: JoinPlanner,
    private readonly dialect: Dialect,
    private readonly maxRows: number,
  ) {}

  /** `SELECT 1.0 * (numerator count) / NULLIF((denominator count), 0) AS ratio`, each count its own statement. */
  private writeRatio(ratio: NonNullable<ReadIntent['ratio']>): BuiltSql {
    const count = (intent: ReadIntent) =>
      new ReadSqlWriter(intent, this.lex, this.planner, this.dialect, this.maxRows).write().sql;
    const alias = this.q(this.intent.measure?.alias ?? 'ratio');
    return {
      sql: `SELECT 1.0 * (${count(ratio.numerator)}) / NULLIF((${count(ratio.denominator)}), 0) AS ${alias}`,
      labelColumns: [],
      valueColumn: 'ratio',
    };
  }

  private q(name: string): string {
    return quoteIdent(name, this.dialect);
  }

  private col(ref: ColumnRef): string {
    const alias = this.aliases.get(ref.table);
    return alias ? `${alias}.${this.q(ref.column)}` : this.q(ref.column);
  }

  private tableSql(key: string): string {
    const t = this.lex.table(key);
    const alias = this.aliases.get(key);
    return alias
      ? `${quoteTable(t.name, t.schema, this.dialect)} ${alias}`
      : quoteTable(t.name, t.schema, this.dialect);
  }

  private neededTables(): Set<string> {
    const i = this.intent;
    const s = new Set<string>();
    for (const f of [...i.filters, ...(i.share ?? [])])
      for (const part of f.kind === 'anyOf' ? f.parts : [f]) s.add(part.ref.table);
    for (const f of i.filters) if (f.kind === 'sql') for (const t of f.fragment.tables) s.add(t);
    for (const m of [i.measure, ...(i.moreMeasures ?? [])]) for (const t of m?.definition?.tables ?? []) s.add(t);
    if (i.group) s.add(i.group.kind === 'table' ? i.group.table : i.group.ref.table);
    if (i.measure)
      s.add(
        i.measure.expr.kind === 'rows'
          ? i.measure.expr.table
          : i.measure.expr.kind === 'column'
            ? i.measure.expr.ref.table
            : i.measure.expr.left.table,
      );
    for (const c of i.columns) s.add(c.table);
    return s;
  }

  private assignAliases(): void {
    if (this.plan.joins.length === 0) return;
    const used = new Set<string>();
    for (const key of [this.plan.base, ...this.plan.joins.map((j) => j.table)]) {
      const words = splitIdentifier(this.lex.table(key).name);
      let base =
        words
          .map((w) => w[0])
          .join('')
          .toLowerCase()
          .replace(/[^a-z]/g, '') || 't';
      if (base.length === 1 && words.length === 1 && words[0].length > 2) base = words[0].slice(0, 1);
      let alias = base;
      let n = 1;
      while (used.has(alias) || ALIAS_RESERVED.has(alias)) alias = `${base}${n++}`;
      used.add(alias);
      this.aliases.set(key, alias);
    }
  }

  private measureSql(m: Measure): string {
    const fansOut = this.plan.fansOut;
    if (m.definition) {
      // a metric as its definition says; over joins that repeat rows its aggregate would count them twice
      if (fansOut) throw new UnmappedQuestionError(`the metric ${m.label} across these joins would count rows twice`);
      return renderSqlFragment(m.definition, (ref) => this.col(ref));
    }
    if (m.fn === 'none') {
      if (m.expr.kind !== 'column') throw new Error('a plain measure is a column');
      return this.col(m.expr.ref);
    }
    if (m.expr.kind === 'rows') {
      const table = this.lex.table(m.expr.table);
      // a table of counted events ("checkin" with a `count` column) is counted by adding up that column
      const tally = tallyColumn(this.lex, m.expr.table);
      if (tally) {
        if (fansOut) throw new UnmappedQuestionError(`adding up ${m.label} across these joins would count rows twice`);
        return `SUM(${this.col({ table: m.expr.table, column: tally })})`;
      }
      const key = ownKeyColumn(table);
      if (fansOut && key) return `COUNT(DISTINCT ${this.col({ table: m.expr.table, column: key })})`;
      if (fansOut)
        throw new UnmappedQuestionError(`counting ${m.expr.table} across these joins would count rows twice`);
      return 'COUNT(*)';
    }
    if (m.fn === 'count') {
      if (m.expr.kind !== 'column') throw new Error('count of a product');
      return `COUNT(DISTINCT ${this.col(m.expr.ref)})`;
    }
    if (fansOut && (m.fn === 'sum' || m.fn === 'avg'))
      throw new UnmappedQuestionError(`adding up ${m.label} across these joins would count rows twice`);
    const e = m.expr;
    const inner =
      e.kind === 'column'
        ? this.col(e.ref)
        : e.kind === 'duration'
          ? durationExpr(this.col(e.left), this.col(e.right), e.unit, this.dialect)
          : `${this.col(e.left)} * ${this.col(e.right)}`;
    return `${m.fn.toUpperCase()}(${inner})`;
  }

  /** EXISTS conditions of filters moved off the join (see semiJoins); added to every WHERE of the statement. */
  private semiParts: string[] = [];
  private semiFilters: Filter[] = [];

  /**
   * Keeps sums right across one-to-many joins without refusing: a filter on a table that only a one-to-many join
   * reaches ("total of orders with products in the Books category") becomes a semi-join, EXISTS (SELECT 1 FROM the
   * path WHERE the condition), so each row of the measured table is counted once. Applies to sums, averages and
   * row counts whose other tables join many-to-one; otherwise the intent is left as it is.
   */
  private semiJoins(i: ReadIntent): ReadIntent {
    const m = i.measure;
    if (!m || !['sum', 'avg', 'count'].includes(m.fn) || i.share || i.group?.kind === 'period') return i;
    const fansOut = (table: string) => {
      try {
        return this.planner.plan(i.subject, [table]).fansOut;
      } catch {
        return false;
      }
    };
    const moved = i.filters.filter(
      (f) =>
        f.kind !== 'related' &&
        f.kind !== 'duration' &&
        f.kind !== 'columns' &&
        f.kind !== 'sql' &&
        (f.kind !== 'anyOf' || f.parts.every((p) => p.ref.table === f.ref.table)) &&
        f.ref.table !== i.subject &&
        fansOut(f.ref.table),
    );
    if (!moved.length) return i;
    const kept = i.filters.filter((f) => !moved.includes(f));
    const rest = { ...i, filters: kept };
    this.intent = rest;
    const restTables = [...this.neededTables()];
    if (restTables.some((t) => t !== i.subject && fansOut(t))) {
      this.intent = i;
      return i;
    }
    this.semiFilters = moved;
    return rest;
  }

  private existsSql(subject: string, f: Filter): string {
    const plan = this.planner.plan(subject, [f.ref.table]);
    const inner = new Map<string, string>();
    const alias = (table: string) => {
      let a = inner.get(table);
      if (!a) inner.set(table, (a = `sj${inner.size + 1}`));
      return a;
    };
    const ref = (table: string, column: string) => `${alias(table)}.${this.q(column)}`;
    const tableSql = (key: string) =>
      `${quoteTable(this.lex.table(key).name, this.lex.table(key).schema, this.dialect)} ${alias(key)}`;
    const [first, ...others] = plan.joins;
    const outer = (column: string) => {
      const t = this.lex.table(subject);
      return `${this.aliases.get(subject) ?? quoteTable(t.name, t.schema, this.dialect)}.${this.q(column)}`;
    };
    let from = `FROM ${tableSql(first.table)}`;
    for (const j of others)
      from += ` JOIN ${tableSql(j.table)} ON ${j.on.map(([a, b]) => `${ref(j.via, a)} = ${ref(j.table, b)}`).join(' AND ')}`;
    const where = first.on.map(([viaCol, tableCol]) => `${ref(first.table, tableCol)} = ${outer(viaCol)}`);
    const c = ref(f.ref.table, f.ref.column);
    if (f.kind === 'compare') where.push(`${c} ${f.op} ${literal(f.value, this.dialect)}`);
    else if (f.kind === 'anyOf') where.push(this.anyOfSql(f, (p) => ref(p.table, p.column)));
    else if (f.kind === 'isNull') where.push(`${c} IS ${f.negated ? 'NOT ' : ''}NULL`);
    else if (f.kind === 'flag') where.push(flagSql(c, f, this.lex, this.dialect));
    else if (f.kind === 'dateRange') {
      if (f.from) where.push(`${c} >= ${literal(f.from, this.dialect)}`);
      if (f.to) where.push(`${c} < ${literal(f.to, this.dialect)}`);
    }
    return `EXISTS (SELECT 1 ${from} WHERE ${where.join(' AND ')})`;
  }

  private where(filters: Filter[], extra: string[] = []): string {
    const parts: string[] = [];
    for (const f of filters) {
      const c = this.col(f.ref);
      if (f.kind === 'compare') parts.push(`${c} ${f.op} ${literal(f.value, this.dialect)}`);
      else if (f.kind === 'anyOf') parts.push(this.anyOfSql(f, (p) => this.col(p)));
      else if (f.kind === 'isNull') parts.push(`${c} IS ${f.negated ? 'NOT ' : ''}NULL`);
      else if (f.kind === 'columns') parts.push(`${c} ${f.op} ${this.col(f.other)}`);
      else if (f.kind === 'flag') parts.push(flagSql(c, f, this.lex, this.dialect));
      else if (f.kind === 'related') parts.push(this.relatedSql(f));
      else if (f.kind === 'duration')
        parts.push(
          `${durationExpr(c, this.col(f.end), f.unit, this.dialect)} ${f.op} ${literal(f.value, this.dialect)}`,
        );
      else if (f.kind === 'sql') {
        const condition = renderSqlFragment(f.fragment, (ref) => this.col(ref));
        parts.push(fragmentHasOr(f.fragment) ? `(${condition})` : condition);
      } else {
        if (f.from) parts.push(`${c} >= ${literal(f.from, this.dialect)}`);
        if (f.to) parts.push(`${c} < ${literal(f.to, this.dialect)}`);
      }
    }
    parts.push(...extra, ...this.semiParts);
    return parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
  }

  /** Values joined by "or": `col IN (a, b)` when every part is "=" on one column, else `(a OR b)`. */
  private anyOfSql(f: Extract<Filter, { kind: 'anyOf' }>, col: (ref: ColumnRef) => string): string {
    const one = f.parts.every((p) => p.op === '=' && p.ref.table === f.ref.table && p.ref.column === f.ref.column);
    if (one) return `${col(f.ref)} IN (${f.parts.map((p) => literal(p.value, this.dialect)).join(', ')})`;
    return `(${f.parts.map((p) => `${col(p.ref)} ${p.op} ${literal(p.value, this.dialect)}`).join(' OR ')})`;
  }

  /**
   * A correlated subquery over the related rows of a `related` filter, along the shortest many-to-one foreign-key
   * path from the related table to the subject: NOT EXISTS for "= 0", EXISTS for ">= 1" / "> 0", else
   * `(SELECT COUNT(*) ...) op n` (the HAVING sketch written without GROUP BY, so no join fans out); with an
   * aggregate, `(SELECT SUM(col) ...) op n`, or with `asValue` that subquery alone (a value a list shows).
   */
  private relatedSql(f: Extract<Filter, { kind: 'related' }>, asValue = false): string {
    const plan = this.planner.plan(f.table, [f.ref.table]);
    const inner = new Map<string, string>();
    const alias = (table: string) => {
      let a = inner.get(table);
      if (!a) inner.set(table, (a = `rel${inner.size + 1}`));
      return a;
    };
    const ref = (table: string, column: string) => `${alias(table)}.${this.q(column)}`;
    const tableSql = (key: string) => {
      const t = this.lex.table(key);
      return `${quoteTable(t.name, t.schema, this.dialect)} ${alias(key)}`;
    };
    let from = `FROM ${tableSql(f.table)}`;
    const where: string[] = [];
    for (const j of plan.joins) {
      if (j.table === f.ref.table) {
        const outer =
          this.aliases.get(j.table) ??
          quoteTable(this.lex.table(j.table).name, this.lex.table(j.table).schema, this.dialect);
        for (const [viaCol, tableCol] of j.on) where.push(`${ref(j.via, viaCol)} = ${outer}.${this.q(tableCol)}`);
      } else {
        from += ` JOIN ${tableSql(j.table)} ON ${j.on.map(([viaCol, tableCol]) => `${ref(j.via, viaCol)} = ${ref(j.table, tableCol)}`).join(' AND ')}`;
      }
    }
    const body = `${from} WHERE ${where.join(' AND ')}`;
    const a = f.aggregate;
    if (a) {
      const e = a.expr;
      const inner =
        e.kind === 'column'
          ? ref(e.ref.table, e.ref.column)
          : `${ref(e.left.table, e.left.column)} * ${ref(e.right.table, e.right.column)}`;
      const value = `(SELECT ${a.fn.toUpperCase()}(${inner}) ${body})`;
      return asValue ? value : `${value} ${f.op} ${literal(f.count, this.dialect)}`;
    }
    if (f.op === '=' && f.count === 0) return `NOT EXISTS (SELECT 1 ${body})`;
    if ((f.op === '>=' && f.count === 1) || (f.op === '>' && f.count === 0)) return `EXISTS (SELECT 1 ${body})`;
    return `(SELECT COUNT(*) ${body}) ${f.op} ${literal(f.count, this.dialect)}`;
  }

  private from(): string {
    let sql = ` FROM ${this.tableSql(this.plan.base)}`;
    for (const j of this.plan.joins) {
      const on = j.on
        .map(
          ([viaCol, tableCol]) =>
            `${this.col({ table: j.via, column: viaCol })} = ${this.col({ table: j.table, column: tableCol })}`,
        )
        .join(' AND ');
      sql += ` JOIN ${this.tableSql(j.table)} ON ${on}`;
    }
    return sql;
  }

  private select(distinct: boolean, items: string[], rest: string, limit: number | null): string {
    const top = limit !== null && usesTop(this.dialect) ? `TOP ${limit} ` : '';
    const tail = limit !== null && !usesTop(this.dialect) ? ` LIMIT ${limit}` : '';
    return `SELECT ${distinct ? 'DISTINCT ' : ''}${top}${items.join(', ')}${rest}${tail}`;
  }

  /** Select items, GROUP BY expressions and output label names of the group key. */
  private groupParts(): GroupParts {
    const g = this.intent.group;
    if (!g) return { items: [], keys: [], labels: [], order: null };
    if (g.kind === 'column') {
      const values = this.lex.column(g.ref.table, g.ref.column).sampleValues ?? [];
      return {
        items: [this.col(g.ref)],
        keys: [this.col(g.ref)],
        labels: [g.ref.column],
        order: calendarOrder(this.col(g.ref), values, this.dialect),
      };
    }
    if (g.kind === 'period') {
      const expr = periodExpr(this.col(g.ref), g.unit, this.dialect);
      return { items: [`${expr} AS ${g.unit}`], keys: [expr], labels: [g.unit], order: `${g.unit}` };
    }
    const table = this.lex.table(g.table);
    const labels = this.lex.labelColumns(g.table);
    const keys = [...new Set([...table.primaryKey, ...labels])].map((c) => this.col({ table: g.table, column: c }));
    return { items: labels.map((c) => this.col({ table: g.table, column: c })), keys, labels, order: null };
  }

  /**
   * Columns of a list that names none: the subject's name columns (a product by its name, a shipper by its company
   * name), identifying the things listed; every column (whole records) when the question asks for records
   * ({@link ReadIntent.records}: "the details of", "rows") of a table with a primary key, or when the table has no
   * name column. A keyless table such as `state(state_name, population, ...)` answers "which states ..." with the
   * names either way: its rows are identified by them.
   */
  private defaultColumns(subject: string): ColumnRef[] {
    const table = this.lex.table(subject);
    const wantsNames = !table.primaryKey.length || !this.intent.records;
    const names = (wantsNames && this.lex.nameColumns(subject)) || table.columns.map((c) => c.name);
    return names.map((column) => ({ table: subject, column }));
  }

  /**
   * A group by a table whose label is the very key the subject references (`lake.state_name` -> `state.state_name`)
   * groups by the subject's column instead: the join would only drop rows whose parent row is missing.
   */
  private groupWithoutJoin(i: ReadIntent): ReadIntent {
    const g = i.group;
    if (g?.kind !== 'table' || g.table === i.subject) return i;
    let plan: JoinPlan;
    try {
      plan = this.planner.plan(i.subject, [g.table]);
    } catch {
      return i;
    }
    const step = plan.joins[0];
    if (plan.joins.length !== 1 || !step.manyToOne || step.on.length !== 1) return i;
    const labels = this.lex.labelColumns(g.table);
    if (labels.length !== 1 || labels[0] !== step.on[0][1]) return i;
    return { ...i, group: { kind: 'column', ref: { table: i.subject, column: step.on[0][0] } } };
  }

  /**
   * Writes the intent as one SELECT with its label and value columns: a ratio, the top rows per group, a list, a
   * share, a ranking of rows, a yes/no, or an aggregate, grouped or not. Throws UnmappedQuestionError when the joins
   * it needs would count rows twice.
   */
  write(): BuiltSql {
    if (this.intent.ratio) return this.writeRatio(this.intent.ratio);
    if (this.intent.perGroup) return writeTopPerGroup(this.intent, this.lex, this.planner, this.dialect, this.maxRows);
    this.intent = this.semiJoins(this.groupWithoutJoin(this.intent));
    const i = this.intent;
    this.plan = this.planner.plan(i.subject, this.neededTables());
    this.assignAliases();
    this.semiParts = this.semiFilters.map((f) => this.existsSql(i.subject, f));
    const from = this.from();
    const maxRows = Math.max(1, Math.floor(this.maxRows));
    if (i.kind === 'list') return this.writeList(i, from, maxRows);
    const m = i.measure as Measure;
    if (i.share) return this.writeShare(i, i.share, m, from);
    const measure = `${this.measureSql(m)} AS ${this.q(m.alias)}`;
    const g = this.groupParts();
    if (i.kind === 'top' && !i.group) return this.writeRankedRows(i, m, from, maxRows);
    if (i.yesNo) {
      const exists = `CASE WHEN EXISTS (SELECT 1${from}${this.where(i.filters)}) THEN 'yes' ELSE 'no' END AS ${this.q('answer')}`;
      return { sql: `SELECT ${exists}`, labelColumns: [], valueColumn: 'answer' };
    }
    return this.writeAggregate(i, { m, measure, g, from, maxRows });
  }

  /**
   * A list: the asked columns (or the default ones) of the subject's rows, with the aggregate of a related-rows
   * filter beside them, distinct when joins repeat rows, ordered as asked or by the key; the values held by a
   * number of rows when the list has a HAVING count.
   */
  private writeList(i: ReadIntent, from: string, maxRows: number): BuiltSql {
    // rows kept by an aggregate of their related rows ("customers who spent more than 1000") are named, with
    // that aggregate beside them
    const shownAggregates = i.columns.length
      ? []
      : i.filters.filter((f): f is Extract<Filter, { kind: 'related' }> => f.kind === 'related' && !!f.aggregate);
    const cols: ColumnRef[] = i.columns.length
      ? i.columns
      : shownAggregates.length
        ? this.lex.labelColumns(i.subject).map((column) => ({ table: i.subject, column }))
        : withOrderColumn(this.defaultColumns(i.subject), i.orderBy?.by);
    const items = cols.map((c) =>
      c.joined
        ? `${concatWithSpaces(
            [c, ...c.joined.with].map((p) => this.col(p)),
            this.dialect,
          )} AS ${this.q(c.joined.alias)}`
        : this.col(c),
    );
    for (const f of shownAggregates)
      items.push(`${this.relatedSql(f, true)} AS ${this.q((f.aggregate as { alias: string }).alias)}`);
    if (i.having && i.group?.kind === 'column') return this.writeHavingList(i, i.having, i.group.ref, from, maxRows);
    const distinct = this.plan.fansOut || (i.group !== null && i.group.kind === 'column') || i.lookup === true;
    const order = this.listOrder(i, cols, distinct, shownAggregates.length > 0);
    const labels =
      i.group?.kind === 'column'
        ? [i.group.ref.column]
        : i.lookup
          ? cols.map((c) => c.column)
          : this.lex.labelColumns(i.subject).filter((l) => cols.some((c) => c.table === i.subject && c.column === l));
    return {
      sql: this.select(distinct, items, `${from}${this.where(i.filters)}${order}`, maxRows),
      labelColumns: labels,
      valueColumn: null,
    };
  }

  /** "type codes with fewer than 3 templates": the values of column `key` held by that many rows of the subject. */
  private writeHavingList(
    i: ReadIntent,
    having: NonNullable<ReadIntent['having']>,
    ref: ColumnRef,
    from: string,
    maxRows: number,
  ): BuiltSql {
    const key = this.col(ref);
    const counted = this.measureSql({
      fn: 'count',
      expr: { kind: 'rows', table: i.subject },
      alias: 'n',
      label: '',
      money: false,
    });
    const rest = `${from}${this.where(i.filters)} GROUP BY ${key} HAVING ${counted} ${having.op} ${literal(having.count, this.dialect)} ORDER BY ${key}`;
    return { sql: this.select(false, [key], rest, maxRows), labelColumns: [ref.column], valueColumn: null };
  }

  /**
   * The ORDER BY of a list (with its leading space, or empty): the asked column, else the grouped column, else the
   * subject's primary key when the list names no column (its name columns or whole records) or a key column is shown.
   */
  private listOrder(i: ReadIntent, cols: ColumnRef[], distinct: boolean, shownAggregates: boolean): string {
    const pk = this.lex.table(i.subject).primaryKey;
    const orderCols =
      i.group?.kind === 'column'
        ? [this.col(i.group.ref)]
        : pk.length &&
            ((!distinct && !i.columns.length && !shownAggregates) ||
              cols.some((c) => c.table === i.subject && pk.includes(c.column)))
          ? pk.map((c) => this.col({ table: i.subject, column: c }))
          : [];
    const asked =
      i.orderBy && typeof i.orderBy.by === 'object'
        ? `${this.col(i.orderBy.by)} ${i.orderBy.direction.toUpperCase()}`
        : null;
    return asked ? ` ORDER BY ${asked}` : orderCols.length ? ` ORDER BY ${orderCols.join(', ')}` : '';
  }

  /** A percentage: the share of the subject's rows meeting the `share` conditions, in percent. */
  private writeShare(i: ReadIntent, share: Filter[], m: Measure, from: string): BuiltSql {
    if (this.plan.fansOut)
      throw new UnmappedQuestionError(`a percentage of ${i.subject} across these joins would count rows twice`);
    const condition = this.where(share).replace(/^ WHERE /, '');
    const pct = `100.0 * SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END) / COUNT(*) AS ${this.q(m.alias)}`;
    return {
      sql: this.select(false, [pct], `${from}${this.where(i.filters)}`, null),
      labelColumns: [],
      valueColumn: m.alias,
    };
  }

  /**
   * A ranking of the subject's rows by one of its columns (measure `m`): the asked columns, or key, labels and the
   * measure; every row holding the extreme value when ties are kept, else the first rows in the direction.
   */
  private writeRankedRows(i: ReadIntent, m: Measure, from: string, maxRows: number): BuiltSql {
    if (m.expr.kind !== 'column') throw new Error('ranking without group needs a column');
    const ref = m.expr.ref;
    const table = this.lex.table(i.subject);
    const labels = this.lex.labelColumns(i.subject);
    // a table without a primary key is named by its label column alone (see keylessColumns)
    const keyless = table.primaryKey.length === 0 && this.lex.nameColumns(i.subject) !== null;
    const named = i.columns.filter((c) => c.table === i.subject).map((c) => c.column);
    // the row's related row named instead ("the state of the longest river"): that table's columns only
    const related = i.columns.filter((c) => c.table !== i.subject);
    const cols = named.length ? named : keyless ? labels : [...new Set([...table.primaryKey, ...labels, ref.column])];
    const items = related.length
      ? related.map((c) => this.col(c))
      : cols.map((c) => this.col({ table: i.subject, column: c }));
    const valueColumn = !related.length && cols.includes(ref.column) ? ref.column : null;
    if (i.ties) {
      const extreme = `(SELECT ${i.direction === 'desc' ? 'MAX' : 'MIN'}(${this.col(ref)})${from}${this.where(i.filters)})`;
      const rest = `${from}${this.where(i.filters, [`${this.col(ref)} = ${extreme}`])}`;
      // a keyless table may hold one name on several rows (a river per state it crosses): name it once
      return {
        sql: this.select(this.plan.fansOut || keyless || related.length > 0, items, rest, maxRows),
        labelColumns: related.length ? related.map((c) => c.column) : labels,
        valueColumn,
      };
    }
    const dir = i.direction.toUpperCase();
    const rest = `${from}${this.where(i.filters, [`${this.col(ref)} IS NOT NULL`])} ORDER BY ${this.col(ref)} ${dir}`;
    return {
      sql: this.select(this.plan.fansOut, items, rest, Math.min(i.limit ?? maxRows, maxRows)),
      labelColumns: labels,
      valueColumn,
    };
  }

  /**
   * An aggregate (`parts.measure`, the SQL of measure `parts.m` with its alias) with any more values of the same
   * rows, over all rows or per group (`parts.g`): ordered as asked, by the group's calendar order or by the measure;
   * a singular ranking of groups keeps every group tied at the extreme.
   */
  private writeAggregate(i: ReadIntent, parts: AggregateParts): BuiltSql {
    const { m, measure, g, from, maxRows } = parts;
    // more values of the same rows ("the maximum and minimum price"), before the measure
    const more = (i.moreMeasures ?? []).map((x) => `${this.measureSql(x)} AS ${this.q(x.alias)}`);
    if (!i.group) {
      return {
        sql: this.select(false, [...more, measure], `${from}${this.where(i.filters)}`, null),
        labelColumns: [],
        valueColumn: m.alias,
      };
    }
    const dir = i.kind === 'top' ? i.direction.toUpperCase() : 'DESC';
    const asked = i.kind !== 'top' && i.orderBy ? i.orderBy : null;
    const orderBy = asked
      ? asked.by === 'measure'
        ? `${this.q(m.alias)} ${asked.direction.toUpperCase()}`
        : `${g.order ?? g.keys.join(', ')} ${asked.direction.toUpperCase()}`
      : i.kind !== 'top' && g.order
        ? g.order
        : `${this.q(m.alias)} ${dir}`;
    const grouped = `${from}${this.where(i.filters)} GROUP BY ${g.keys.join(', ')}`;
    // ties of a singular ranking: every group whose measure equals the extreme one
    const tied = i.kind === 'top' && i.ties;
    const extreme = tied
      ? ` HAVING ${this.measureSql(m)} = (SELECT ${i.direction === 'desc' ? 'MAX' : 'MIN'}(nlq_m) FROM (SELECT ${this.measureSql(m)} AS nlq_m${grouped}) nlq_t)`
      : '';
    const rest = `${grouped}${extreme} ORDER BY ${orderBy}`;
    const limit = i.kind === 'top' && !tied ? Math.min(i.limit ?? maxRows, maxRows) : maxRows;
    return {
      sql: this.select(false, [...g.items, ...more, measure], rest, limit),
      labelColumns: g.labels,
      valueColumn: m.alias,
    };
  }
}

/**
 * The columns of a list that names none, with the column it is ordered by when the question names one ("products
 * sorted by price": the names and the price), unless already shown.
 */
function withOrderColumn(columns: ColumnRef[], by: ColumnRef | 'group' | 'measure' | undefined): ColumnRef[] {
  if (!by || typeof by !== 'object' || columns.some((c) => c.table === by.table && c.column === by.column))
    return columns;
  return [...columns, by];
}
