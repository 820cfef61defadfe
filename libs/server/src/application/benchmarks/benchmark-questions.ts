import type { BenchmarkQuestion, Dialect } from '@nlq/contracts';
import { classifySql } from '@nlq/pipeline';
import type { FieldProblems } from '../../platform/common/api.exception';

/** Most context questions one benchmark question carries. */
export const MAX_CONTEXT_QUESTIONS = 10;

/**
 * The questions of a request or an imported document, checked and made canonical (trimmed; `context` only when
 * non-empty), or the problems with fields `${field}[i].question`, `.expected_sql` and `.context`:
 * each item a mapping with a non-empty `question` of at most `maxQuestionChars`, a non-empty `expected_sql` that
 * classifies as a read in `dialect` (the SQL classifier of libs/db-drivers, docs/architecture.md step 7: a write,
 * DDL or refused statement is named with the classifier's reason) and an optional list of context questions.
 */
export function checkQuestions(
  items: readonly unknown[],
  dialect: Dialect,
  maxQuestionChars: number,
  field = 'questions',
): BenchmarkQuestion[] | FieldProblems {
  const problems: FieldProblems = [];
  const questions: BenchmarkQuestion[] = [];
  items.forEach((item, index) => {
    const at = `${field}[${index}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ field: at, problems: ['must be a mapping with question and expected_sql'] });
      return;
    }
    const fields = new Map(Object.entries(item));
    const unknown = [...fields.keys()].filter((k) => !['question', 'expected_sql', 'context'].includes(k));
    if (unknown.length > 0) problems.push({ field: at, problems: [`unknown fields: ${unknown.join(', ')}`] });
    const question = text(fields.get('question'));
    if (!question || question.length > maxQuestionChars)
      problems.push({ field: `${at}.question`, problems: [`must be a text of 1 to ${maxQuestionChars} characters`] });
    const sql = text(fields.get('expected_sql'));
    const sqlProblem = sql ? readProblem(sql, dialect) : 'must be a non-empty SQL statement';
    if (sqlProblem) problems.push({ field: `${at}.expected_sql`, problems: [sqlProblem] });
    const context = fields.get('context') ?? [];
    const contextOk =
      Array.isArray(context) &&
      context.length <= MAX_CONTEXT_QUESTIONS &&
      context.every((c) => typeof c === 'string' && c.trim() !== '' && c.length <= maxQuestionChars);
    if (!contextOk)
      problems.push({
        field: `${at}.context`,
        problems: [`must be a list of at most ${MAX_CONTEXT_QUESTIONS} non-empty questions`],
      });
    if (question && sql && !sqlProblem && contextOk) {
      const earlier = (context as string[]).map((c) => c.trim());
      questions.push({ question, expected_sql: sql, ...(earlier.length > 0 ? { context: earlier } : {}) });
    }
  });
  return problems.length > 0 ? problems : questions;
}

/** Why `sql` may not be a benchmark's expected SQL (not a read in `dialect`), or null. */
export function readProblem(sql: string, dialect: Dialect): string | null {
  const classification = classifySql(sql, dialect);
  if (classification.kind === 'read') return null;
  const what = classification.kind === 'refused' ? 'refused' : `a ${classification.kind === 'ddl' ? 'DDL' : 'write'}`;
  return `must be a read; this SQL is ${what}${classification.reason ? ` (${classification.reason})` : ''}`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
