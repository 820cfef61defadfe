/**
 * Question coverage (docs/architecture.md "Answer check"): each word the question links (schema-links.ts) and each
 * role word (question-words.ts) must be used by the SQL in the role the question gives it. Lenient about how: a
 * table or column word is used when the SQL names the table or a column whose name has the word; a value when a
 * literal holds it or its column is grouped (a name right before another name, "population density", only modifies it); a grouping word when a GROUP BY or PARTITION BY column is of that table,
 * references it or has the word; a superlative when the SQL orders, ranks or takes a MAX/MIN; a negation when any
 * negating operator, IS [NOT] NULL or EXCEPT appears; a year when a literal holds it; a relative time when a date
 * function, INTERVAL or date literal appears.
 */
import type { AnswerWarning, TableSchema } from '@nlq/contracts';
import { isKeyColumn, type ShapeColumn, type StatementShape } from '@nlq/db-drivers';
import { splitWords, stemWord } from '../word-stemmer';
import { holdsValuesOf } from './value-domains';
import type { QuestionRoles, RoleWord } from './question-words';
import type { SchemaLink } from './schema-links';

const NEGATING = new Set([
  'NOT',
  'NOT IN',
  'NOT EXISTS',
  '<>',
  '!=',
  'IS',
  'IS NOT',
  'NOT LIKE',
  'NOT BETWEEN',
  'NOT ILIKE',
]);
const ORDERING_FUNCTIONS = ['max', 'min', 'rank', 'dense_rank', 'row_number', 'percent_rank', 'ntile'];
const DATE_FUNCTIONS = [
  ...'date datetime strftime julianday now current_date current_timestamp localtimestamp date_trunc date_part'.split(
    ' ',
  ),
  ...'date_sub date_add dateadd datediff extract year month getdate sysdate interval age to_char timestampdiff'.split(
    ' ',
  ),
];
const DATE_LITERAL = /^\d{4}-\d{2}/;
/** Last words of a name that say what kind of name it is, not what it names. */
const GENERIC = new Set(['id', 'code', 'name', 'number', 'key']);

const stems = (name: string) => splitWords(name).map(stemWord);
/** True when a name has the stem as a word, or (4 letters or more) inside a name without separators (`citingpaperid`). */
const nameHas = (name: string, stem: string) =>
  stems(name).includes(stem) ||
  (stem.length >= 4 &&
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '')
      .includes(stem));

/** What coverage compares: the question's links and roles and the statement's shape. */
export interface CoverageInput {
  roles: QuestionRoles;
  links: SchemaLink[];
  shape: StatementShape;
  /** The service's row limit: a LIMIT at least this large is the cap every generator writes, not an answer to "top N". */
  rowLimit: number;
}

/** The coverage findings: one `unused_words` naming every unused word, `limit_mismatch`, `order_by_key`. */
export function coverageFindings(input: CoverageInput): AnswerWarning[] {
  const { roles, links, shape } = input;
  const used = usedStems(shape);
  const unused: string[] = [];
  const findings: AnswerWarning[] = [];
  for (const link of links) if (!link.modifier && !linkUsed(link, shape, used)) unused.push(link.phrase);
  for (const group of roles.grouping) {
    if (linked(group, links) && !groupingUsed(group, links, shape)) unused.push(group.phrase);
  }
  const ordering = shape.orderBy || ORDERING_FUNCTIONS.some((f) => shape.functions.has(f));
  // a superlative that is part of a column's name ("highest elevation" -> highlow.highest_elevation) is that column
  if (roles.superlative && !ordering && !used.has(stemWord(roles.superlative))) unused.push(roles.superlative);
  const top = roles.topN ? topFinding(roles.topN, shape, input.rowLimit) : null;
  if (top === 'unused') unused.push(roles.topN!.phrase);
  else if (top) findings.push(top);
  if (roles.negation && !negated(shape)) unused.push(roles.negation);
  for (const { phrase, year } of roles.years)
    if (!shape.literals.some((l) => String(l).includes(year))) unused.push(phrase);
  if (roles.relativeTime && !dated(shape)) unused.push(roles.relativeTime);
  for (const order of roles.orderedBy) {
    if (!linked(order, links)) continue;
    const found = orderFinding(order, shape);
    if (found === 'unused') unused.push(order.phrase);
    else if (found) findings.push(found);
  }
  // a word inside a longer unused phrase ("status" in "per status") is named once, by the phrase
  const words = [...new Set(unused)].filter(
    (w) => !unused.some((other) => other !== w && ` ${other.toLowerCase()} `.includes(` ${w.toLowerCase()} `)),
  );
  if (words.length)
    findings.unshift({
      code: 'unused_words',
      message: `The SQL does not use ${words.length === 1 ? 'this part' : 'these parts'} of the question: ${words.map((w) => `"${w}"`).join(', ')}.`,
      words,
    });
  return findings;
}

/**
 * Stems of every table and column name the statement uses, with a `has` that also finds a stem of 4 letters or more
 * inside a name written without separators (`paper` in `citingpaperid`, `name` in `lastname`).
 */
function usedStems(shape: StatementShape): { has(stem: string): boolean } {
  const names = [...new Set([...shape.tables.map((t) => t.name), ...shape.columns.map((c) => c.name)])];
  return { has: (stem) => names.some((n) => nameHas(n, stem)) };
}

function linkUsed(link: SchemaLink, shape: StatementShape, used: { has(stem: string): boolean }): boolean {
  if (link.kind === 'value') {
    // the value, or the code the question gives with it ("Chicago (ORD)")
    const texts = [link.stems[0], ...(link.code ? [link.code.toLowerCase()] : [])];
    if (shape.literals.some((l) => typeof l === 'string' && texts.some((t) => l.toLowerCase().includes(t))))
      return true;
    return shape.grouped.some((g) => link.columns.some((c) => g.table === c.table && g.name === c.column));
  }
  if (link.table && shape.tables.includes(link.table)) return true;
  if (link.stems.every((s) => used.has(s))) return true;
  // a table word a table read carries in a column's name ("cities in the state": city.state_name)
  const last = link.stems[link.stems.length - 1];
  // or a table read that references it ("authors with 2 papers": writes.paper_id -> paper) or has a column that
  // holds its names ("which states does the river cross": river.traverse)
  if (link.table)
    return shape.tables.some(
      (t) =>
        t.foreignKeys.some((fk) => fk.referencedTable.toLowerCase() === link.table!.name.toLowerCase()) ||
        t.columns.some((c) => nameHas(c.name, last) || holdsValuesOf(c, link.table!)),
    );
  // a column word of a table whose column of a shared word the SQL uses ("highest point": highest_elevation), or a
  // name of several words whose telling words a column used has ("airline code": fare.fare_airline)
  const telling = link.stems.filter((s) => !GENERIC.has(s));
  return shape.columns.some(
    (c) =>
      (c.table &&
        link.owners.includes(c.table) &&
        stems(c.name).some((s) => s.length >= 4 && link.stems.includes(s))) ||
      (link.stems.length > 1 && telling.length > 0 && telling.every((s) => nameHas(c.name, s))),
  );
}

/** True when the role's target words are (the end of) a table or column link. */
function linked(role: RoleWord, links: SchemaLink[]): boolean {
  const last = stemWord(role.target[role.target.length - 1]);
  return links.some((l) => l.kind !== 'value' && l.stems[l.stems.length - 1] === last);
}

function groupingUsed(group: RoleWord, links: SchemaLink[], shape: StatementShape): boolean {
  const last = stemWord(group.target[group.target.length - 1]);
  // any word of the target but a generic last one ("airline code" -> fare.fare_airline; "semester id" -> semester)
  const words = group.target
    .map(stemWord)
    .filter((w, i, all) => i < all.length - 1 || all.length === 1 || !GENERIC.has(w));
  const tables = links.filter((l) => l.table && l.stems[l.stems.length - 1] === last).map((l) => l.table!);
  // a list without aggregates is one row per X already when its rows are X's or show X ("the total of each order")
  const outer = shape.selects[0];
  if (outer && outer.aggregates.length === 0) {
    const first = [...outer.sources.values()][0];
    if ((first && tables.includes(first)) || outer.listed.some((c) => stems(c.name).includes(last))) return true;
  }
  return shape.grouped.some(
    (g) =>
      words.some((w) => nameHas(g.name, w)) ||
      (g.table && (tables.includes(g.table) || words.some((w) => nameHas(g.table!.name, w)))) ||
      referencesAny(g, tables),
  );
}

function referencesAny(column: ShapeColumn, tables: TableSchema[]): boolean {
  const fks = column.table?.foreignKeys ?? [];
  return fks.some(
    (fk) =>
      fk.columns.some((c) => c.toLowerCase() === column.name.toLowerCase()) &&
      tables.some((t) => t.name.toLowerCase() === fk.referencedTable.toLowerCase()),
  );
}

function topFinding(top: { phrase: string; n: number }, shape: StatementShape, rowLimit: number) {
  if (shape.limits.includes(top.n)) return null;
  const ranked = ['rank', 'dense_rank', 'row_number'].some((f) => shape.functions.has(f));
  if (ranked && shape.literals.includes(top.n)) return null;
  if (shape.limit !== null && shape.limit < rowLimit)
    return {
      code: 'limit_mismatch',
      message: `The question asks for ${top.n} ("${top.phrase}") but the SQL returns at most ${shape.limit} rows.`,
    };
  return 'unused' as const;
}

function negated(shape: StatementShape): boolean {
  return shape.except || [...shape.operators].some((o) => NEGATING.has(o)) || shape.literals.includes(0);
}

function dated(shape: StatementShape): boolean {
  return (
    DATE_FUNCTIONS.some((f) => shape.functions.has(f)) ||
    shape.literals.some((l) => typeof l === 'string' && DATE_LITERAL.test(l))
  );
}

function orderFinding(order: RoleWord, shape: StatementShape): AnswerWarning | 'unused' | null {
  const last = stemWord(order.target[order.target.length - 1]);
  if (shape.ordered.some((c) => stems(c.name).includes(last))) return null;
  if (!shape.orderBy) return 'unused';
  const keysOnly =
    shape.ordered.length > 0 && shape.ordered.every((c) => c.table !== null && isKeyColumn(c.table, c.name));
  if (!keysOnly) return 'unused';
  return {
    code: 'order_by_key',
    message: `The question orders by "${order.target.join(' ')}" but the SQL orders by the key ${shape.ordered.map((c) => c.name).join(', ')}.`,
    words: [order.phrase],
  };
}
