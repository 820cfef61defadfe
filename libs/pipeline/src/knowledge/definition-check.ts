import type { DatabaseSchema, Dialect, KnowledgeDefinitionBody } from '@nlq/contracts';
import {
  columnReference,
  checkReferences,
  classifySql,
  parseDefinitionExpression,
  quoteIdentifier,
  type AstNode,
} from '@nlq/db-drivers';

/** Problems per field of a definition (the shape of the 400 error's `details`): empty when it holds. */
export type DefinitionProblems = Array<{ field: string; problems: string[] }>;

/** A table an expression names, as written: its schema (or null) and its name. */
interface NamedTable {
  schema: string | null;
  name: string;
}

/**
 * Checks a definition against the connection's introspected schema with nlq's own parser (the
 * reference check of docs/architecture.md step 7), never by text:
 * - metric: `expression` parses as one expression whose every column sits inside an aggregate (`SUM(...)`,
 *   `COUNT(...)`; a bare column or `1` is refused), `filter` as one condition without aggregates; both are checked as
 *   `SELECT <expression> FROM <tables they name> WHERE <filter>`.
 * - filter: `condition` as `SELECT 1 FROM <tables it names> WHERE <condition>`.
 * - synonym: `target` is `table`, `table.column` or `table.column = 'value'`, and that table and column exist.
 * - instruction: free text, not checked.
 * - description: `target` is `table` or `table.column` of the schema; its text is not checked.
 * - relationship: `from` and `to` are each a `table.column` of the schema (the data are sampled apart).
 * Each part is read as data first (parseDefinitionExpression of @nlq/db-drivers: no comment, exactly one expression,
 * functions of the dialect's allow-list only) and the statements are built from the SQL written from its parse tree.
 * Columns must be qualified by their table (`orders.status`), so the tables are known. The statement built must be
 * a read (classifySql). The cost on the connection is checked apart (definition-cost.ts).
 * @returns one entry per offending field with its reasons; empty when the definition holds.
 */
export function checkDefinition(body: KnowledgeDefinitionBody, schema: DatabaseSchema): DefinitionProblems {
  const dialect = schema.dialect;
  switch (body.kind) {
    case 'metric': {
      const problems: DefinitionProblems = [];
      const expression = checkExpression(body.expression, 'aggregate', dialect, schema);
      if (expression.length > 0) problems.push({ field: 'expression', problems: expression });
      if (body.filter) {
        const filter = checkExpression(body.filter, 'condition', dialect, schema);
        if (filter.length > 0) problems.push({ field: 'filter', problems: filter });
      }
      return problems;
    }
    case 'filter': {
      const problems = checkExpression(body.condition, 'condition', dialect, schema);
      return problems.length > 0 ? [{ field: 'condition', problems }] : [];
    }
    case 'synonym': {
      const problem = synonymTargetProblem(body.target, dialect, schema);
      return problem ? [{ field: 'target', problems: [problem] }] : [];
    }
    case 'instruction':
      return [];
    case 'description': {
      const problem = /=/.test(body.target)
        ? 'must be table or table.column'
        : synonymTargetProblem(body.target, dialect, schema)?.replace(
            "table.column or table.column = 'value'",
            'table.column',
          );
      return problem ? [{ field: 'target', problems: [problem] }] : [];
    }
    case 'relationship':
      return (['from', 'to'] as const).flatMap((field) => {
        const problem = columnProblem(body[field], dialect, schema);
        return problem ? [{ field, problems: [problem] }] : [];
      });
  }
}

/** Why `text` is not one `table.column` of the schema; null when it is. */
function columnProblem(text: string, dialect: Dialect, schema: DatabaseSchema): string | null {
  if (!columnReference(text, dialect)) return 'must be table.column';
  return synonymTargetProblem(text, dialect, schema);
}

/**
 * The reasons an aggregate (`SELECT <text> FROM <its tables>`) or a row condition (`SELECT 1 FROM <its tables> WHERE
 * <text>`) does not hold against the schema; empty when it does.
 */
function checkExpression(
  text: string,
  role: 'aggregate' | 'condition',
  dialect: Dialect,
  schema: DatabaseSchema,
): string[] {
  const parsed = parseExpression(text, dialect);
  if (typeof parsed === 'string') return [parsed];
  const { expression, sql: written } = parsed;
  if (role === 'aggregate') {
    const problem = aggregateProblem(expression);
    if (problem) return [problem];
  } else if (containsAggregate(expression)) {
    return ['a condition on rows may not use an aggregate function'];
  }
  const tables = namedTables(expression, dialect);
  if ('problem' in tables) return [tables.problem];
  const sql =
    role === 'aggregate' ? `SELECT ${written} FROM ${tables.from}` : `SELECT 1 FROM ${tables.from} WHERE ${written}`;
  return statementProblems(sql, dialect, schema);
}

/**
 * Parses `text` as one SQL expression (parseDefinitionExpression of @nlq/db-drivers: no comment, one expression,
 * functions of the dialect's allow-list): answers its AST and its SQL written from that tree, or the reason.
 */
function parseExpression(text: string, dialect: Dialect): { expression: AstNode; sql: string } | string {
  const parsed = parseDefinitionExpression(text, dialect);
  return parsed.ok ? { expression: parsed.expression, sql: parsed.sql } : parsed.problem;
}

/** Why an expression is not an aggregate: none, or a column outside any aggregate function. Null when it is one. */
function aggregateProblem(expression: AstNode): string | null {
  if (!containsAggregate(expression)) return 'must be an SQL aggregate such as SUM(table.column) or COUNT(*)';
  const bare = bareColumns(expression);
  if (bare.length > 0) return `must be an aggregate: ${bare.join(', ')} is used outside an aggregate function`;
  return null;
}

/** Depth-first visit of every object node of a parsed expression. */
function visit(node: AstNode, fn: (n: AstNode) => boolean | void, seen = new Set<AstNode>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (fn(node) === false) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) visit(item, fn, seen);
    else if (value && typeof value === 'object') visit(value, fn, seen);
  }
}

/** True when an aggregate function call (node-sql-parser `aggr_func`) is anywhere in the expression. */
function containsAggregate(node: AstNode): boolean {
  let found = false;
  visit(node, (n) => {
    if (n.type === 'aggr_func') found = true;
    if (n.type === 'select') return false; // a subquery's aggregates are its own
  });
  return found;
}

/** Column references of the expression outside every aggregate call (and outside subqueries), as written. */
function bareColumns(node: AstNode): string[] {
  const out: string[] = [];
  visit(node, (n) => {
    if (n.type === 'select' || n.type === 'aggr_func') return false;
    if (n.type === 'column_ref') out.push(columnText(n));
  });
  return out;
}

/** The name of a column reference as written (`orders.status`). */
function columnText(ref: AstNode): string {
  const column = nameOf(ref.column);
  return ref.table ? `${nameOf(ref.table)}.${column}` : column;
}

/** A name node of node-sql-parser: a string, or `{ expr: { value } }` in the PostgreSQL grammar. */
function nameOf(value: AstNode): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return String(value.expr?.value ?? value.value ?? '');
  return String(value ?? '');
}

/**
 * The tables the column references of the expression name (outside subqueries, which have their own FROM), as a
 * FROM list quoted for the dialect; or the reason when a column is not qualified by its table or none is named.
 */
function namedTables(expression: AstNode, dialect: Dialect): { from: string } | { problem: string } {
  const tables = new Map<string, NamedTable>();
  const unqualified: string[] = [];
  visit(expression, (n) => {
    if (n.type === 'select') return false;
    if (n.type !== 'column_ref') return;
    if (!n.table) {
      if (n.column !== '*') unqualified.push(columnText(n));
      return;
    }
    const schema = n.schema ?? n.db ?? null;
    const table: NamedTable = { schema: schema ? nameOf(schema) : null, name: nameOf(n.table) };
    tables.set(`${table.schema ?? ''}\u0000${table.name}`, table);
  });
  if (unqualified.length > 0)
    return { problem: `qualify every column with its table (table.column): ${unqualified.join(', ')}` };
  if (tables.size === 0)
    return { problem: 'must name at least one column as table.column, so that its table is known' };
  return {
    from: [...tables.values()]
      .map((t) =>
        t.schema
          ? `${quoteIdentifier(t.schema, dialect)}.${quoteIdentifier(t.name, dialect)}`
          : quoteIdentifier(t.name, dialect),
      )
      .join(', '),
  };
}

/** Problems of the statement built from a definition: not a plain read, or unknown tables and columns. */
function statementProblems(sql: string, dialect: Dialect, schema: DatabaseSchema): string[] {
  const classification = classifySql(sql, dialect);
  if (classification.kind !== 'read')
    return [`refused as SQL: ${classification.reason ?? `a ${classification.kind} statement`}`];
  return checkReferences(sql, dialect, schema);
}

/** Why a synonym's target names nothing of the schema; null when its table (and column) exist. */
function synonymTargetProblem(target: string, dialect: Dialect, schema: DatabaseSchema): string | null {
  const expression = parseExpression(target, dialect);
  if (typeof expression === 'string') return `must be table, table.column or table.column = 'value': ${expression}`;
  const parsed = expression.expression;
  let ref: AstNode = parsed;
  if (parsed.type === 'binary_expr') {
    const literal = parsed.right?.type;
    if (
      parsed.operator !== '=' ||
      parsed.left?.type !== 'column_ref' ||
      !(literal === 'single_quote_string' || literal === 'string' || literal === 'number')
    ) {
      return "must be table, table.column or table.column = 'value'";
    }
    ref = parsed.left;
  }
  if (ref.type !== 'column_ref') return "must be table, table.column or table.column = 'value'";
  if (!ref.table) {
    const name = nameOf(ref.column);
    const found = schema.tables.some((t) => t.name.toLowerCase() === name.toLowerCase());
    return found ? null : `unknown table "${name}"`;
  }
  const problems = statementProblems(
    `SELECT ${expression.sql} FROM ${quoteIdentifier(nameOf(ref.table), dialect)}`,
    dialect,
    schema,
  );
  return problems.length > 0 ? problems.join('; ') : null;
}
