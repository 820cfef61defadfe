import type { KnowledgeDefinitionBody } from '@nlq/contracts';
import {
  DatabaseError,
  definitionProbeSql,
  PROBE_ROW_BUDGET,
  relationshipProbeSql,
  type DatabaseDriver,
} from '@nlq/db-drivers';
import type { DefinitionProblems } from './definition-check';

/** How long the sample run of one part of a definition may take on the connection, in milliseconds. */
export const DEFINITION_PROBE_TIMEOUT_MS = 2000;

/** The database could not be reached for the sample run (its driver error of kind `connection`). */
export class DefinitionProbeUnavailableError extends Error {}

/**
 * The cost check of a definition that holds against the schema (checkDefinition first; docs/knowledge.md "Checked
 * when saved"): each SQL part runs once on the connection as a sample (definitionProbeSql of @nlq/db-drivers: a few
 * rows of each table it names, at most PROBE_ROW_BUDGET combined) under a `timeoutMs` statement timeout, read-only
 * like every read. A metric's `expression` runs as `SELECT <expression>`, a `filter` or `condition` as
 * `SELECT COUNT(*) ... WHERE <condition>`. A part that runs past the timeout, or that the database refuses (a
 * function it does not have, a type error), is a problem of its field. A relationship samples its child values
 * (relationshipProblems). Synonyms, instructions and descriptions run nothing.
 * @returns the problems per field; empty when every part runs in time.
 * @throws DefinitionProbeUnavailableError when the database cannot be reached.
 */
export async function definitionCostProblems(
  body: KnowledgeDefinitionBody,
  driver: DatabaseDriver,
  timeoutMs = DEFINITION_PROBE_TIMEOUT_MS,
): Promise<DefinitionProblems> {
  const parts: Array<{ field: string; select: string; where: string | null }> = [];
  if (body.kind === 'metric') {
    parts.push({ field: 'expression', select: body.expression, where: null });
    if (body.filter) parts.push({ field: 'filter', select: 'COUNT(*)', where: body.filter });
  } else if (body.kind === 'filter') {
    parts.push({ field: 'condition', select: 'COUNT(*)', where: body.condition });
  }
  if (body.kind === 'relationship') return relationshipProblems(body.from, body.to, driver, timeoutMs);
  const problems: DefinitionProblems = [];
  for (const part of parts) {
    const problem = await probeProblem(part.select, part.where, driver, timeoutMs);
    if (problem) problems.push({ field: part.field, problems: [problem] });
  }
  return problems;
}

/** Least share of sampled child values a declared relationship must find in its parent column. */
export const RELATIONSHIP_MIN_FOUND = 0.9;

/**
 * The sample check of a declared relationship (relationshipProbeSql of @nlq/db-drivers): at least
 * RELATIONSHIP_MIN_FOUND of the sampled non-null child values must exist in the parent column; a child column with no
 * values cannot be refuted and passes. A problem on `to` otherwise, or when the run is refused or too slow.
 */
async function relationshipProblems(
  from: string,
  to: string,
  driver: DatabaseDriver,
  timeoutMs: number,
): Promise<DefinitionProblems> {
  const sql = relationshipProbeSql(from, to, driver.dialect);
  if (sql === null) return [{ field: 'to', problems: ['from and to must each be table.column'] }];
  let row: unknown[];
  try {
    row = (await driver.runRead(sql, { maxRows: 1, timeoutMs })).rows[0] ?? [];
  } catch (error) {
    const problem = runProblem(error, timeoutMs);
    return [{ field: 'to', problems: [problem] }];
  }
  const sampled = Number(row[0] ?? 0);
  const found = Number(row[1] ?? 0);
  if (sampled === 0 || found >= sampled * RELATIONSHIP_MIN_FOUND) return [];
  return [
    {
      field: 'to',
      problems: [
        `only ${found} of ${sampled} sampled values of ${from} are found in ${to}; a relationship needs at least ${RELATIONSHIP_MIN_FOUND * 100}%`,
      ],
    },
  ];
}

/** Why one sample run fails: too slow, or refused by the database; null when it ran in time. */
async function probeProblem(
  select: string,
  where: string | null,
  driver: DatabaseDriver,
  timeoutMs: number,
): Promise<string | null> {
  const sql = definitionProbeSql(select, where, driver.dialect);
  if (sql === null) return 'cannot be tried on the connection: it does not name a table.column';
  try {
    await driver.runRead(sql, { maxRows: 1, timeoutMs });
    return null;
  } catch (error) {
    return runProblem(error, timeoutMs);
  }
}

/**
 * The problem a failed sample run states: too slow, or refused by the database.
 * @throws DefinitionProbeUnavailableError when the database cannot be reached; any error that is not a DatabaseError.
 */
function runProblem(error: unknown, timeoutMs: number): string {
  if (!(error instanceof DatabaseError)) throw error;
  if (error.kind === 'connection')
    throw new DefinitionProbeUnavailableError(
      `The database could not be reached to try the definition: ${error.message}`,
    );
  if (error.kind === 'timeout')
    return `too costly: a sample run on at most ${PROBE_ROW_BUDGET} rows took longer than ${timeoutMs / 1000} s`;
  return `does not run on the connection: ${error.message}`;
}
