import type { DatabaseSchema, Dialect, KnowledgeDefinition } from '@nlq/contracts';
import { functionName, identName, parseDefinitionExpression, parseSql, type AstNode } from '@nlq/db-drivers';

/** A matched metric or filter the SQL does not apply, with what it requires. */
export interface MissingDefinition {
  id: string;
  kind: 'metric' | 'filter';
  name: string;
  version: number;
  /** `the definition of revenue requires SUM(orders.total_amount) with orders.status <> 'cancelled'` */
  message: string;
}

/** Keys of a parser node that carry no meaning for comparison. */
const IGNORED_KEYS = new Set(['as', 'collate', 'parentheses', 'loc', 'over']);
/** Literal node types that read the same value. */
const STRING_TYPES = new Set(['single_quote_string', 'string', 'natural_string', 'full_hex_string']);

/** Table aliases of one SELECT: alias or table name (lower case) -> table name (lower case). */
type Scope = { aliases: Map<string, string>; tables: string[]; schema: DatabaseSchema | null };

/**
 * The canonical text of an expression node: keyword and identifier case ignored, aliases and parentheses dropped,
 * a column's qualifier resolved to its table name (an unqualified column to the one table of the FROM that has it),
 * `!=` read as `<>`, strings compared by value. Two expressions are the same when their canonical texts are equal.
 */
function canonical(node: AstNode, scope: Scope): string {
  return JSON.stringify(normalise(node, scope));
}

function resolveTable(qualifier: string | null, column: string, scope: Scope): string | null {
  if (qualifier) return scope.aliases.get(qualifier.toLowerCase()) ?? qualifier.toLowerCase();
  if (scope.tables.length === 1) return scope.tables[0];
  if (!scope.schema) return null;
  const owners = scope.tables.filter((t) =>
    scope.schema?.tables.some(
      (s) => s.name.toLowerCase() === t && s.columns.some((c) => c.name.toLowerCase() === column),
    ),
  );
  return owners.length === 1 ? owners[0] : null;
}

function normalise(node: AstNode, scope: Scope): unknown {
  if (node === null || node === undefined) return null;
  if (Array.isArray(node)) return node.map((n) => normalise(n, scope));
  if (typeof node !== 'object') return typeof node === 'string' ? node : node;
  const type = typeof node.type === 'string' ? node.type : undefined;
  if (type === 'column_ref') {
    const column = (identName(node.column) ?? '').toLowerCase();
    const qualifier = typeof node.table === 'string' ? node.table : node.table ? identName(node.table) : null;
    return { type, table: resolveTable(qualifier, column, scope), column };
  }
  if (type && STRING_TYPES.has(type)) return { type: 'string', value: String(node.value) };
  if (type === 'number') return { type, value: Number(node.value) };
  if (type === 'function' || type === 'aggr_func') {
    return { type: 'function', name: functionName(node), args: normalise(node.args, scope) };
  }
  if (type === 'binary_expr') {
    const operator = String(node.operator).toUpperCase().replace('!=', '<>');
    return { type, operator, left: normalise(node.left, scope), right: normalise(node.right, scope) };
  }
  const out: Array<[string, unknown]> = [];
  for (const key of Object.keys(node).sort()) {
    if (IGNORED_KEYS.has(key)) continue;
    const value = node[key];
    if (value === null || value === undefined) continue;
    out.push([
      key,
      typeof value === 'string' && (key === 'operator' || key === 'name' || key === 'type')
        ? value.toLowerCase()
        : normalise(value, scope),
    ]);
  }
  return Object.fromEntries(out);
}

/** The conjuncts of a condition (AND flattened). */
function conjuncts(node: AstNode): AstNode[] {
  if (
    node &&
    typeof node === 'object' &&
    node.type === 'binary_expr' &&
    String(node.operator).toUpperCase() === 'AND'
  ) {
    return [...conjuncts(node.left), ...conjuncts(node.right)];
  }
  return node ? [node] : [];
}

/** Every SELECT node of a statement (itself, CTEs, subqueries, set operations), outermost first. */
function selects(node: AstNode, out: AstNode[] = [], seen = new Set<AstNode>()): AstNode[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return out;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const n of node) selects(n, out, seen);
    return out;
  }
  if (node.type === 'select') out.push(node);
  for (const key of Object.keys(node)) selects(node[key], out, seen);
  return out;
}

function scopeOf(select: AstNode, schema: DatabaseSchema | null): Scope {
  const aliases = new Map<string, string>();
  const tables: string[] = [];
  for (const item of Array.isArray(select.from) ? select.from : []) {
    if (typeof item?.table !== 'string') continue;
    const table = item.table.toLowerCase();
    tables.push(table);
    aliases.set(table, table);
    if (typeof item.as === 'string') aliases.set(item.as.toLowerCase(), table);
  }
  return { aliases, tables, schema };
}

/** Canonical texts of every subexpression of a node. */
function subexpressions(node: AstNode, scope: Scope, out: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) subexpressions(n, scope, out);
    return;
  }
  if (node.type === 'select') return; // a subquery is a SELECT of its own
  if (typeof node.type === 'string') out.add(canonical(node, scope));
  for (const key of Object.keys(node)) if (!IGNORED_KEYS.has(key)) subexpressions(node[key], scope, out);
}

/** What a SELECT computes (its list, ORDER BY, HAVING) and the conjuncts it filters by (its WHERE, its JOINs' ON, and those of the subqueries it reads from). */
interface SelectFacts {
  computed: Set<string>;
  conditions: Set<string>;
}

function factsOf(select: AstNode, schema: DatabaseSchema | null): SelectFacts {
  const scope = scopeOf(select, schema);
  const computed = new Set<string>();
  for (const column of Array.isArray(select.columns) ? select.columns : [])
    subexpressions(column?.expr, scope, computed);
  for (const order of Array.isArray(select.orderby) ? select.orderby : []) subexpressions(order?.expr, scope, computed);
  subexpressions(select.having, scope, computed);
  const conditions = new Set<string>();
  const addConditions = (s: AstNode) => {
    const sc = scopeOf(s, schema);
    for (const c of conjuncts(s.where)) conditions.add(canonical(c, sc));
    for (const item of Array.isArray(s.from) ? s.from : []) {
      for (const c of conjuncts(item?.on)) conditions.add(canonical(c, sc));
      if (item?.expr?.ast) for (const inner of selects(item.expr.ast)) addConditions(inner);
    }
  };
  addConditions(select);
  return { computed, conditions };
}

/**
 * One SQL part of a definition parsed as data (parseDefinitionExpression: a part with a comment or a refused function
 * is never found applied), `table.column` resolved to the table; null when it is refused.
 */
function definitionExpression(text: string, dialect: Dialect): { canonical: string; conjuncts: string[] } | null {
  const parsed = parseDefinitionExpression(text, dialect);
  if (!parsed.ok) return null;
  const scope: Scope = { aliases: new Map(), tables: [], schema: null };
  return {
    canonical: canonical(parsed.expression, scope),
    conjuncts: conjuncts(parsed.expression).map((c) => canonical(c, scope)),
  };
}

/** The SELECT facts of a statement, or null when it is not one statement the parser reads. */
function statementFacts(sql: string, dialect: Dialect, schema: DatabaseSchema | null): SelectFacts[] | null {
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok || parsed.statements.length !== 1) return null;
  return selects(parsed.statements[0]).map((s) => factsOf(s, schema));
}

/**
 * True when `facts` apply the metric or filter `d`: a metric's expression computed by a SELECT whose conditions hold
 * each conjunct of its filter, a filter's every conjunct a condition of some SELECT. With `carried`, a metric whose
 * expression is computed nowhere counts as applied (a follow-up about something else).
 */
function applies(d: KnowledgeDefinition, facts: readonly SelectFacts[], dialect: Dialect, carried: boolean): boolean {
  if (d.kind === 'metric') {
    const expression = definitionExpression(d.expression, dialect);
    if (expression === null) return false;
    const filter = d.filter ? definitionExpression(d.filter, dialect) : null;
    if (d.filter && filter === null) return false;
    const computed = facts.filter((f) => f.computed.has(expression.canonical));
    return (
      computed.some((f) => !filter || filter.conjuncts.every((c) => f.conditions.has(c))) ||
      (carried && computed.length === 0)
    );
  }
  if (d.kind === 'filter') {
    const condition = definitionExpression(d.condition, dialect);
    return condition !== null && condition.conjuncts.every((c) => facts.some((f) => f.conditions.has(c)));
  }
  return false;
}

/**
 * The ids of the metrics and filters of `definitions` that `sql` applies (see {@link applies}, never counting a
 * carried metric that is computed nowhere): the provenance an answer may claim (docs/knowledge.md "At question
 * time"). Empty when the SQL is not one statement the parser reads. Never throws.
 */
export function definitionsInSql(
  sql: string,
  dialect: Dialect,
  definitions: readonly KnowledgeDefinition[],
  schema: DatabaseSchema | null = null,
): Set<string> {
  const facts = statementFacts(sql, dialect, schema);
  if (!facts) return new Set();
  return new Set(definitions.filter((d) => !d.deleted && applies(d, facts, dialect, false)).map((d) => d.id));
}

/**
 * Pipeline check (docs/knowledge.md "At question time"), on the parsed SQL, never its text: every
 * matched metric's `expression` occurs as a subexpression of the select list, ORDER BY or HAVING of a SELECT of the
 * statement, and each conjunct of its `filter` as a conjunct of that SELECT's WHERE or of a JOIN's ON (or of a
 * subquery it reads from); each conjunct of a matched filter's `condition` occurs as such a conjunct of some SELECT.
 * Expressions are compared normalised: case of keywords and names, aliases, parentheses and table aliases (resolved
 * to table names) do not matter. Answers the definitions the SQL does not apply, [] when it applies all of them (or
 * is not a SELECT the parser reads: the check stage refuses those on its own). A `carried` metric (from the previous
 * question) is required only where its expression is computed, and a carried filter is not required. Never throws.
 */
export function missingDefinitions(
  sql: string,
  dialect: Dialect,
  definitions: readonly KnowledgeDefinition[],
  schema: DatabaseSchema | null = null,
  carried: ReadonlySet<string> = new Set(),
): MissingDefinition[] {
  const checked = definitions.filter(
    (d) => !d.deleted && (d.kind === 'metric' || (d.kind === 'filter' && !carried.has(d.id))),
  );
  if (checked.length === 0) return [];
  const facts = statementFacts(sql, dialect, schema);
  if (!facts) return [];
  const missing: MissingDefinition[] = [];
  for (const d of checked) {
    if (applies(d, facts, dialect, carried.has(d.id))) continue;
    if (d.kind === 'metric') {
      const requires = d.filter ? `${d.expression} with ${d.filter}` : d.expression;
      missing.push({
        id: d.id,
        kind: 'metric',
        name: d.name,
        version: d.version,
        message: `the definition of ${d.name} requires ${requires}`,
      });
    } else if (d.kind === 'filter') {
      missing.push({
        id: d.id,
        kind: 'filter',
        name: d.name,
        version: d.version,
        message: `the definition of ${d.name} requires the condition ${d.condition}`,
      });
    }
  }
  return missing;
}
