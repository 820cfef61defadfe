/**
 * The answer check (docs/architecture.md "Answer check"): whoever wrote the SQL, it is held against the question it
 * answers before it runs. Findings are warnings with stable codes (docs/http-api.md "Answer warnings"): question
 * coverage (question-coverage.ts), filters that cannot hold or compare the wrong things (filter-findings.ts) and
 * aggregates that cannot mean what they seem (aggregateFindings of @nlq/db-drivers).
 */
import type { AnswerWarning, DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { aggregateFindings, findLiteralFilters, statementShape, type LiteralFilter } from '@nlq/db-drivers';
import { contradictions, typeMismatches, unknownValues } from './filter-findings';
import { coverageFindings } from './question-coverage';
import { questionRoles } from './question-words';
import { schemaLinks } from './schema-links';

/** What the answer check looks at. */
export interface AnswerCheckInput {
  question: string;
  /** The SQL that is about to run, one read in `dialect`. */
  sql: string;
  dialect: Dialect;
  /** The connection's schema, with sampled and known values. */
  schema: DatabaseSchema;
  /** The service's row limit (MAX_RESULT_ROWS): a LIMIT at least this large is a cap, not a count. */
  rowLimit: number;
}

/**
 * The findings of the answer check on one read, in a stable order (coverage first); empty when the SQL does not
 * parse as one SELECT (the check stage decides about those) or nothing is found. Pure and deterministic; never throws.
 */
export function checkAnswer(input: AnswerCheckInput): AnswerWarning[] {
  return answerCheckParts(input).findings;
}

/** {@link checkAnswer}'s findings with the filters it read and the tables a value may be looked for in. */
export interface AnswerCheckParts {
  findings: AnswerWarning[];
  filters: LiteralFilter[];
  /** The tables the SQL reads and those the question's words link. */
  tables: TableSchema[];
}

/** The findings of {@link checkAnswer} and what they were found on (for a probe of the database). Never throws. */
export function answerCheckParts(input: AnswerCheckInput): AnswerCheckParts {
  try {
    const shape = statementShape(input.sql, input.dialect, input.schema);
    if (!shape) return { findings: [], filters: [], tables: [] };
    const roles = questionRoles(input.question);
    const links = schemaLinks(input.question, input.schema, roles.roleWords);
    const filters = findLiteralFilters(input.sql, input.dialect, input.schema);
    const linkedTables: TableSchema[] = links.flatMap((l) => (l.table ? [l.table] : l.columns.map((c) => c.table)));
    const tables = [...new Set([...shape.tables, ...linkedTables])];
    const findings = [
      ...coverageFindings({ roles, links, shape, rowLimit: input.rowLimit }),
      ...contradictions(filters),
      ...typeMismatches(filters, roles.topN?.n ?? null),
      ...unknownValues(filters, tables),
      ...aggregateFindings(shape),
    ];
    return { findings, filters, tables };
  } catch {
    return { findings: [], filters: [], tables: [] };
  }
}
