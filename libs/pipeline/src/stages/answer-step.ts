import {
  ProseFramer,
  type DatabaseSchema,
  type KnowledgeDefinition,
  type KnowledgeUse,
  type ReadResult,
} from '@nlq/contracts';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import type { AnswerMode } from '../ports';
import { describeSql } from '../reading/sql-reading';
import type { TraceRecorder } from '../trace-recorder';
import { readingOfDefinitions } from '../knowledge/match-definitions';
import { writeAnswer, type AnswerOutcome } from './answer';
import { explainEmptyResult, withEmptyExplanation } from './explain-empty';
import { namePartialPeriods } from './partial-periods';
import { checkFilterValues, withValueNotes } from './value-checks';

/** What step 11 needs besides the rows. */
export interface AnswerStepOptions {
  /** Rows the provider sees at most. */
  answerRowLimit: number;
  answerMode: AnswerMode;
  /** Statement timeout of the empty-result probes, in milliseconds. */
  statementTimeoutMs: number;
  /**
   * false: no empty-result probes (a data policy applies: a probe reads the filters' tables without it, so its
   * findings could tell of rows the caller may not see). Default true.
   */
  explainEmpty?: boolean;
  /** The service's row limit: a LIMIT this large is not part of the reading. */
  maxResultRows: number;
  /** The business definitions the SQL was held to: the reading names them ("using the definition of revenue (v2)"). */
  definitions?: readonly KnowledgeUse[];
  /** The business definitions that apply: the answer-scope instructions go to the answer prompt. */
  knowledge?: readonly KnowledgeDefinition[];
}

/** The answer text (with its explanations), who wrote it and the reading of the SQL. */
export interface AnsweredRows {
  answer: AnswerOutcome;
  /** What the SQL computed, in plain English (null when it could not be read). */
  reading: string | null;
}

/**
 * Step 11 of docs/architecture.md, recorded as the `answer` span of `rec`: the answer in words (writeAnswer: a
 * template or the provider, whose wording streams out as answer.delta live events that concatenate to the final
 * text framed as the response is, contracts ProseFramer), an empty result's explanation (explainEmptyResult: read-only probes under the statement timeout), notes on
 * filter values compared with another type or not among the known values (value-checks.ts; an empty result's
 * explanation already names the nearest values), partial periods named for the wording ("2026 so far",
 * partial-periods.ts), and the reading of the SQL (reading/sql-reading.ts). `input.answerPlan`: the provider's
 * data for wording the rows, returned with the SQL (SqlGenerationResult.answerPlan), handed back unchanged. Never throws
 * for a provider failure (the factual fallback line is used and `answer.error` set).
 */
export async function answerRows(
  rec: TraceRecorder,
  provider: LlmProvider,
  driver: DatabaseDriver,
  input: { question: string; sql: string; schema: DatabaseSchema; result: ReadResult; answerPlan?: unknown },
  options: AnswerStepOptions,
): Promise<AnsweredRows> {
  const { question, sql, schema, result } = input;
  const emptyWhy =
    options.explainEmpty === false
      ? null
      : await explainEmptyResult(driver, sql, result, schema, options.statementTimeoutMs);
  const periods = await namePartialPeriods(driver, sql, schema, result, options.statementTimeoutMs);
  const span = rec.start('answer');
  let streamed = '';
  const framer = new ProseFramer();
  const publish = (text: string): void => {
    if (text) rec.publish('answer.delta', { text });
  };
  const answer = await writeAnswer(
    provider,
    question,
    sql,
    periods.result,
    options.answerRowLimit,
    options.answerMode,
    (text) => {
      streamed += text;
      publish(framer.push(text));
    },
    options.knowledge ?? [],
    input.answerPlan,
  );
  answer.text = withEmptyExplanation(answer.text, emptyWhy);
  const valueNotes = checkFilterValues(sql, schema.dialect, schema).filter(
    (n) => n.problem === 'type-mismatch' || !emptyWhy?.text,
  );
  answer.text = withValueNotes(answer.text, valueNotes);
  if (streamed) {
    const rest = answer.text.startsWith(streamed) ? answer.text.slice(streamed.length) : '';
    publish(framer.push(rest) + framer.end());
  }
  const reading = withDefinitions(
    describeSql(sql, schema.dialect, schema, { rowLimit: options.maxResultRows }),
    options.definitions ?? [],
  );
  span.end(answer.error ? 'error' : 'ok', {
    tokens: answer.tokens,
    error: answer.error,
    detail: {
      rowsShown: Math.min(result.rows.length, options.answerRowLimit),
      fallback: answer.error !== null,
      answeredBy: answer.source,
      ...(answer.source === 'model' || answer.source === 'offline'
        ? { provider: provider.name, model: provider.modelId }
        : {}),
      ...(emptyWhy ? { emptyResult: emptyWhy.detail } : {}),
      ...(valueNotes.length ? { valueNotes } : {}),
      ...(periods.named.length ? { partialPeriods: periods.named } : {}),
      reading,
    },
  });
  return { answer, reading };
}

/** The reading with the definitions used appended: `Summed ... in 2024, using the definition of revenue (v2).` */
export function withDefinitions(reading: string | null, definitions: readonly KnowledgeUse[]): string | null {
  const words = readingOfDefinitions(definitions);
  if (!words) return reading;
  if (!reading) return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
  return `${reading.replace(/[.\s]+$/u, '')}, ${words}.`;
}
