/**
 * SQL of the top row per group (top-per-group.ts): per group, the rows of the ranked table that no row of the same
 * group outranks, written with correlated subqueries only (no window functions, no derived tables), so the one
 * statement runs on SQLite, PostgreSQL, MySQL/MariaDB and SQL Server:
 *
 *   SELECT c.name AS category_name, p.name, p.price FROM products p JOIN categories c ON p.category_id = c.id
 *   WHERE p.category_id IS NOT NULL AND p.price IS NOT NULL
 *     AND NOT EXISTS (SELECT 1 FROM products p2 WHERE p2.category_id = p.category_id AND p2.price > p.price)
 *
 * A measure of related rows (units sold) is a correlated subquery per row; N per group counts the rows ranked above
 * (fewer than N), so ties are kept.
 */
import type { Dialect } from '@nlq/contracts';
import { aliasOf, singularNoun } from '../sketches/intent-words';
import type { JoinPlanner } from '../linking/join-planner';
import type { BuiltSql, ColumnRef, Filter, Measure, ReadIntent } from '../sketches/query-intent';
import { UnmappedQuestionError } from '../linking/question-items';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { literal, quoteIdent, quoteTable } from './sql-dialect';
import { groupKeyColumns } from '../sketches/top-per-group';
import { flagSql } from '../sketches/flag-columns';
import { splitIdentifier } from '../words/word-forms';

/** Short lower-case initials of a table name (`order_items` -> `oi`), never a reserved word. */
function initials(name: string): string {
  const words = splitIdentifier(name);
  const base =
    words
      .map((w) => w[0])
      .join('')
      .toLowerCase()
      .replace(/[^a-z]/g, '') || 't';
  return ['as', 'by', 'do', 'if', 'in', 'is', 'of', 'on', 'or', 'to'].includes(base) ? `${base}1` : base;
}

/** What the statement of one top-per-group intent is written from: the intent, its measure and the two row aliases. */
interface PerGroupSql {
  i: ReadIntent;
  lex: SchemaLexicon;
  planner: JoinPlanner;
  dialect: Dialect;
  m: Measure;
  /** Alias of the ranked row. */
  a: string;
  /** Alias of the row compared with it in the subqueries. */
  inner: string;
}

/**
 * Write the statement of a `perGroup` top intent in `dialect`, at most `maxRows` rows, ordered by group and then by
 * the measure. Throws UnmappedQuestionError when the group or the measure cannot be tied to the ranked rows.
 */
export function writeTopPerGroup(
  i: ReadIntent,
  lex: SchemaLexicon,
  planner: JoinPlanner,
  dialect: Dialect,
  maxRows: number,
): BuiltSql {
  const q = (name: string) => quoteIdent(name, dialect);
  const m = i.measure as Measure;
  const group = i.group;
  const keys = group ? groupKeyColumns({ planner }, i.subject, group) : null;
  if (!group || !keys) throw new UnmappedQuestionError('it could not tell how to group the ranked rows');
  const a = initials(lex.table(i.subject).name);
  const s: PerGroupSql = { i, lex, planner, dialect, m, a, inner: `${a}2` };
  const value = (row: string) => rowValue(s, row);
  const entityLabels = lex.labelColumns(i.subject);
  const shownGroup = groupShown(s, group, keys);
  const { groupItems, groupLabels } = shownGroup;
  const shownValue =
    m.fn === 'none' && m.expr.kind === 'column' && entityLabels.includes(m.expr.ref.column)
      ? null
      : `${value(a)}${m.fn === 'none' ? '' : ` AS ${q(m.alias)}`}`;
  const items = [...groupItems, ...entityLabels.map((c) => `${a}.${q(c)}`), ...(shownValue ? [shownValue] : [])];
  const outranks = `${value(s.inner)} ${i.direction === 'desc' ? '>' : '<'} ${value(a)}`;
  const sameGroup = keys.map((k) => `${s.inner}.${q(k.column)} = ${a}.${q(k.column)}`);
  const above = `FROM ${tableSql(s, i.subject, s.inner)} WHERE ${[...sameGroup, ...rowConditions(s, s.inner, i.filters), outranks].join(' AND ')}`;
  const n = i.limit ?? 1;
  const ranked = n === 1 ? `NOT EXISTS (SELECT 1 ${above})` : `(SELECT COUNT(*) ${above}) < ${n}`;
  const where = [
    ...rowConditions(s, a, i.filters),
    ...keys.map((k) => `${a}.${q(k.column)} IS NOT NULL`),
    `${value(a)} IS NOT NULL`,
    ranked,
  ];
  const valueColumn = m.fn === 'none' && m.expr.kind === 'column' ? m.expr.ref.column : m.alias;
  const order = ` ORDER BY ${[...groupItems.map((g) => g.replace(/ AS .*$/, '')), `${m.fn === 'none' ? value(a) : q(m.alias)} ${i.direction.toUpperCase()}`].join(', ')}`;
  const limit = Math.max(1, Math.floor(maxRows));
  const top = dialect === 'transactsql' ? `TOP ${limit} ` : '';
  const tail = dialect === 'transactsql' ? '' : ` LIMIT ${limit}`;
  return {
    sql: `SELECT ${top}${items.join(', ')}${shownGroup.from} WHERE ${where.join(' AND ')}${order}${tail}`,
    labelColumns: [...groupLabels, ...entityLabels],
    valueColumn,
  };
}

/** `table AS alias` of the table with lexicon key `key`, quoted in the statement's dialect. */
function tableSql({ lex, dialect }: PerGroupSql, key: string, alias: string): string {
  return `${quoteTable(lex.table(key).name, lex.table(key).schema, dialect)} ${alias}`;
}

/** The measure of the ranked row aliased `row`: its own column, or a subquery over its related rows. */
function rowValue({ i, lex, planner, dialect, m }: PerGroupSql, row: string): string {
  if (m.fn === 'none') {
    if (m.expr.kind !== 'column') throw new UnmappedQuestionError('a ranking per group needs a column');
    return `${row}.${quoteIdent(m.expr.ref.column, dialect)}`;
  }
  return relatedValue(m, row, i.subject, lex, planner, dialect);
}

/**
 * The conditions of `filters` on the ranked row aliased `row`: comparisons, alternatives, null tests, flags, column
 * comparisons and date ranges of its own columns. Throws UnmappedQuestionError for any other filter.
 */
function rowConditions({ i, lex, dialect }: PerGroupSql, row: string, filters: Filter[]): string[] {
  const q = (name: string) => quoteIdent(name, dialect);
  return filters.flatMap((f) => {
    const c = `${row}.${q(f.ref.column)}`;
    if (f.kind === 'compare') return [`${c} ${f.op} ${literal(f.value, dialect)}`];
    if (f.kind === 'anyOf' && f.parts.every((p) => p.ref.table === i.subject))
      return [`(${f.parts.map((p) => `${row}.${q(p.ref.column)} ${p.op} ${literal(p.value, dialect)}`).join(' OR ')})`];
    if (f.kind === 'isNull') return [`${c} IS ${f.negated ? 'NOT ' : ''}NULL`];
    if (f.kind === 'flag') return [flagSql(c, f, lex, dialect)];
    if (f.kind === 'columns' && f.other.table === i.subject) return [`${c} ${f.op} ${row}.${q(f.other.column)}`];
    if (f.kind === 'dateRange')
      return [
        ...(f.from ? [`${c} >= ${literal(f.from, dialect)}`] : []),
        ...(f.to ? [`${c} < ${literal(f.to, dialect)}`] : []),
      ];
    throw new UnmappedQuestionError('it ranks rows in each group only under plain conditions on them');
  });
}

/**
 * The group shown: its table's label columns (joined, renamed when a name clashes with the ranked row's labels or
 * the measure), or the ranked row's own key columns when the group is a column or its label is the key itself.
 * The FROM clause (leading space), the select items and the output label names.
 */
function groupShown(
  s: PerGroupSql,
  group: NonNullable<ReadIntent['group']>,
  keys: ColumnRef[],
): { from: string; groupItems: string[]; groupLabels: string[] } {
  const { i, lex, planner, m, a } = s;
  const q = (name: string) => quoteIdent(name, s.dialect);
  const entityLabels = lex.labelColumns(i.subject);
  const from = ` FROM ${tableSql(s, i.subject, a)}`;
  const groupLabelColumns = group.kind === 'table' ? lex.labelColumns(group.table) : [];
  const keyOnly =
    group.kind === 'column' ||
    (groupLabelColumns.length === keys.length &&
      planner
        .plan(i.subject, [group.kind === 'table' ? group.table : i.subject])
        .joins[0]?.on.every(([, parentCol], k) => parentCol === groupLabelColumns[k]));
  if (keyOnly)
    return { from, groupItems: keys.map((k) => `${a}.${q(k.column)}`), groupLabels: keys.map((k) => k.column) };
  const gTable = (group as { table: string }).table;
  let g = initials(lex.table(gTable).name);
  if (g === a || g === s.inner) g = `${g}g`;
  const step = planner.plan(i.subject, [gTable]).joins[0];
  const join = ` JOIN ${tableSql(s, gTable, g)} ON ${step.on.map(([own, parent]) => `${a}.${q(own)} = ${g}.${q(parent)}`).join(' AND ')}`;
  const prefix = aliasOf(singularNoun(tableNoun(lex.table(gTable))));
  const groupLabels = groupLabelColumns.map((c) =>
    entityLabels.includes(c) || c === m.alias ? `${prefix}_${aliasOf(c)}` : c,
  );
  const groupItems = groupLabelColumns.map((c, k) =>
    groupLabels[k] === c ? `${g}.${q(c)}` : `${g}.${q(c)} AS ${q(groupLabels[k])}`,
  );
  return { from: from + join, groupItems, groupLabels };
}

/**
 * The measure of one ranked row over its related rows, a correlated subquery along the many-to-one path from the
 * measure's table to the ranked table: `(SELECT SUM(oi.quantity) FROM order_items oi WHERE oi.product_id = p.id)`.
 */
function relatedValue(
  m: Measure,
  row: string,
  subject: string,
  lex: SchemaLexicon,
  planner: JoinPlanner,
  dialect: Dialect,
): string {
  const q = (name: string) => quoteIdent(name, dialect);
  const mTable =
    m.expr.kind === 'rows' ? m.expr.table : m.expr.kind === 'column' ? m.expr.ref.table : m.expr.left.table;
  const plan = planner.plan(mTable, [subject]);
  if (plan.fansOut) throw new UnmappedQuestionError(`${mTable} rows do not each belong to one ${subject} row`);
  const aliases = new Map<string, string>();
  const alias = (table: string) => {
    let x = aliases.get(table);
    if (!x) aliases.set(table, (x = `${row}m${aliases.size + 1}`));
    return x;
  };
  const ref = (c: ColumnRef) => `${alias(c.table)}.${q(c.column)}`;
  const tableSql = (key: string) => `${quoteTable(lex.table(key).name, lex.table(key).schema, dialect)} ${alias(key)}`;
  let from = `FROM ${tableSql(mTable)}`;
  const where: string[] = [];
  for (const j of plan.joins) {
    if (j.table === subject)
      for (const [viaCol, col] of j.on) where.push(`${alias(j.via)}.${q(viaCol)} = ${row}.${q(col)}`);
    else
      from += ` JOIN ${tableSql(j.table)} ON ${j.on.map(([viaCol, col]) => `${alias(j.via)}.${q(viaCol)} = ${alias(j.table)}.${q(col)}`).join(' AND ')}`;
  }
  const e = m.expr;
  const agg =
    e.kind === 'rows'
      ? 'COUNT(*)'
      : e.kind === 'column'
        ? `${m.fn.toUpperCase()}(${ref(e.ref)})`
        : e.kind === 'product'
          ? `${m.fn.toUpperCase()}(${ref(e.left)} * ${ref(e.right)})`
          : null;
  if (!agg) throw new UnmappedQuestionError(`it could not rank by ${m.label} in each group`);
  return `(SELECT ${agg} ${from} WHERE ${where.join(' AND ')})`;
}
