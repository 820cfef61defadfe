import type { Dialect } from '@nlq/contracts';
import { dialectFor } from '../dialects';
import { quoteIdentifier } from '../identifier-quoting';
import { parseDefinitionExpression } from './definition-expression';
import { identName, sqlifyExpression, type AstNode } from './sql-ast';

/** Most rows of all the sampled tables together that one probe combines (their cross product). */
export const PROBE_ROW_BUDGET = 1000;

/**
 * A sample run of a definition (docs/knowledge.md "Checked when saved"): `SELECT <select> FROM <each table it
 * names, limited to a few rows> [WHERE <where>]`, every part written from its parse tree. Each table becomes
 * `(SELECT * FROM <table> LIMIT n) AS <table>` with n = floor(PROBE_ROW_BUDGET^(1/tables)), so the rows combined stay
 * within the budget however many tables it names; a `schema.table.column` reference is written `table.column`. The
 * cost of running it is the cost of the definition on a few rows: a function that is slow on one row shows.
 * @returns the SQL, or null when a part is refused (parseDefinitionExpression) or names no table.
 */
export function definitionProbeSql(select: string, where: string | null, dialect: Dialect): string | null {
  const parts = [select, ...(where ? [where] : [])].map((text) => parseDefinitionExpression(text, dialect));
  if (parts.some((p) => !p.ok)) return null;
  const expressions = parts.map((p) => (p.ok ? structuredClone(p.expression) : null));
  const tables = new Map<string, { schema: string | null; name: string }>();
  for (const expression of expressions) {
    outerColumns(expression, (node: AstNode) => {
      if (!node.table) return;
      const name = identName(node.table) ?? '';
      const schema = identName(node.schema ?? node.db ?? null);
      tables.set(name, { schema, name });
      delete node.schema;
      delete node.db;
    });
  }
  if (tables.size === 0) return null;
  const perTable = Math.max(1, Math.floor(PROBE_ROW_BUDGET ** (1 / tables.size)));
  const sqlDialect = dialectFor(dialect);
  const from = [...tables.values()].map(
    (t) =>
      `(${sqlDialect.limitQuery(`SELECT * FROM ${sqlDialect.qualifiedName(t)}`, perTable)}) AS ${quoteIdentifier(t.name, dialect)}`,
  );
  const [selectSql, whereSql] = expressions.map((e) => sqlifyExpression(e, dialect));
  return `SELECT ${selectSql} FROM ${from.join(', ')}${whereSql ? ` WHERE ${whereSql}` : ''}`;
}

/** Visits the column references of an expression outside its subqueries (a subquery reads its own FROM). */
function outerColumns(node: AstNode, visit: (column: AstNode) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) outerColumns(child, visit);
    return;
  }
  if (node.type === 'select' || node.ast) return;
  if (node.type === 'column_ref') visit(node);
  for (const [key, child] of Object.entries(node)) if (key !== 'loc') outerColumns(child, visit);
}
