import type { Dialect } from '@nlq/contracts';
import { dialectFor } from '../dialects';
import { quoteIdentifier } from '../identifier-quoting';
import { parseDefinitionExpression } from './definition-expression';
import { identName } from './sql-ast';

/** Child values a relationship probe samples. */
export const RELATIONSHIP_SAMPLE_ROWS = 1000;

/** A `table.column` (or `schema.table.column`) reference read as data. */
export interface ColumnReference {
  schema: string | null;
  table: string;
  column: string;
}

/**
 * `table.column` or `schema.table.column` as its names, parsed with nlq's parser in the dialect (quoted names
 * unquoted); null when the text is not exactly one qualified column reference.
 */
export function columnReference(text: string, dialect: Dialect): ColumnReference | null {
  const parsed = parseDefinitionExpression(text, dialect);
  if (!parsed.ok || parsed.expression?.type !== 'column_ref' || !parsed.expression.table) return null;
  const node = parsed.expression;
  const column = identName(node.column);
  const table = identName(node.table);
  if (!column || !table || column === '*') return null;
  return { schema: identName(node.schema ?? node.db ?? null), table, column };
}

/**
 * The sample run that checks a declared relationship (docs/knowledge.md "Relationships"): of at most
 * RELATIONSHIP_SAMPLE_ROWS non-null values of the child column, how many (`found`) exist in the parent column, as
 * `SELECT COUNT(*) AS sampled, SUM(CASE WHEN EXISTS (...) THEN 1 ELSE 0 END) AS found FROM (<sample>) AS child_sample`,
 * names quoted for the dialect. Null when either side is not a qualified column.
 */
export function relationshipProbeSql(from: string, to: string, dialect: Dialect): string | null {
  const child = columnReference(from, dialect);
  const parent = columnReference(to, dialect);
  if (!child || !parent) return null;
  const sql = dialectFor(dialect);
  const q = (name: string) => quoteIdentifier(name, dialect);
  const sample = sql.limitQuery(
    `SELECT ${q(child.column)} AS v FROM ${sql.qualifiedName({ schema: child.schema, name: child.table })} WHERE ${q(child.column)} IS NOT NULL`,
    RELATIONSHIP_SAMPLE_ROWS,
  );
  const exists = `EXISTS (SELECT 1 FROM ${sql.qualifiedName({ schema: parent.schema, name: parent.table })} AS parent_rows WHERE parent_rows.${q(parent.column)} = child_sample.v)`;
  return `SELECT COUNT(*) AS sampled, SUM(CASE WHEN ${exists} THEN 1 ELSE 0 END) AS found FROM (${sample}) AS child_sample`;
}
