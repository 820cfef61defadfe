import type { AnswerRequest, ConversationTurn, DatabaseSchema, Dialect, KnowledgeDefinition } from '@nlq/contracts';
import type { VerifiedExample } from './knowledge/verified-examples';

/** One earlier turn of the session, for follow-up questions ("and in 2024?"). */
export type EarlierTurn = ConversationTurn;

/** What the engine needs to write one SQL statement. */
export interface OfflineSqlRequest {
  question: string;
  dialect: Dialect;
  /** The introspected (or linked) schema: tables, columns, keys and the sample values of low-cardinality columns. */
  schema: DatabaseSchema;
  /** Row limit written into list queries (`LIMIT n`, `TOP (n)` on SQL Server). */
  maxRows: number;
  /** The session's earlier turns, oldest first. */
  conversation?: readonly EarlierTurn[];
  /** Set on a correction attempt: the engine refuses it (it would write the same SQL again). */
  previousAttempt?: { sql: string; error: string } | null;
  /**
   * The connection's business definitions that apply to the question (docs/knowledge.md): a metric is a
   * measure, a filter a condition, a synonym a word for a table, column or value, in every question form the engine
   * reads. Instructions are for models and are ignored here.
   */
  knowledge?: readonly KnowledgeDefinition[];
  /**
   * The connection's verified examples: one whose question is this question (verified-examples.ts)
   * is answered with its SQL.
   */
  examples?: readonly VerifiedExample[];
}

/**
 * The rows of an executed statement, to be worded as an answer, with the `answerPlan` generateSql handed out with
 * the statement (a StatementPlan, passed back unchanged; absent or another statement's: the answer is generic).
 */
export type OfflineAnswerRequest = AnswerRequest & { answerPlan?: unknown };
