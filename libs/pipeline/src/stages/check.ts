import type { DatabaseSchema, Dialect, SqlClassification } from '@nlq/contracts';
import { checkReferences, classifySql, normalizeSql } from '@nlq/db-drivers';

/** What the checker found about one statement. */
export interface CheckResult {
  /** The statement as checked and as it must run: trimmed, trailing semicolons and comments dropped. */
  sql: string;
  classification: SqlClassification;
  /** Unknown tables or columns (empty when all references resolve or the statement is DDL/refused). */
  referenceErrors: string[];
}

/**
 * Pipeline step 7 (DESIGN.md): classify the SQL with the real parser of the dialect (exactly one statement; read,
 * write, ddl or refused; never by substring) and, for reads and writes, resolve its tables and columns against the
 * full introspected schema. DDL is not reference-checked (CREATE names tables that do not exist yet). The SQL is
 * normalised first (normalizeSql) and the normalised text is what is classified and what must run.
 */
export function checkSql(rawSql: string, dialect: Dialect, schema: DatabaseSchema): CheckResult {
  const sql = normalizeSql(rawSql, dialect);
  const classification = classifySql(sql, dialect);
  let referenceErrors: string[] = [];
  if (classification.kind === 'read' || classification.kind === 'write') {
    referenceErrors = checkReferences(sql, dialect, schema);
  }
  return { sql, classification, referenceErrors };
}

/** The feedback text given back to the model for unknown references. */
export function describeReferenceErrors(errors: string[]): string {
  return `The SQL refers to names that do not exist in the schema: ${errors.join('; ')}. Use only the tables and columns of the schema.`;
}
