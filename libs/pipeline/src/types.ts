import type {
  AnswerWarning,
  KnowledgeUse,
  ReadResult,
  SqlKind,
  StoredClarification,
  TraceStatus,
} from '@nlq/contracts';
import type { DataAccess } from './data-policy/data-access';
import type { SqlRepair } from '@nlq/db-drivers';
import type { EventSink } from './ports';

/** One question to answer. */
export interface AskInput {
  question: string;
  sessionId: string;
  /** Authenticated or declared user; written to the audit log. */
  userId: string;
  rlhfSignal?: string | null;
  /** Connection to ask; the active one when absent. */
  connectionId?: string | null;
  /**
   * Id of an option of the session's open clarification (POST /api/chat `clarification_option`): the question asked
   * is that option's restated question, and `question` may be empty. See stages/clarification.ts.
   */
  clarificationOption?: string | null;
  /**
   * Fingerprint of the key of an agent that asked through MCP (null or absent otherwise): a write held for this
   * question is not approved with that key (ApprovalFlow.approve, docs/mcp.md "Approval by a person").
   */
  agentKey?: string | null;
  /**
   * The caller's role and attributes: the connection's data policy for that role applies to every statement of the
   * question (docs/http-api.md "Roles and data policies"). Absent: no policy applies.
   */
  access?: DataAccess;
  /**
   * This request's own listener of its live events (stage.*, answer.delta, answer.ready, approval.pending), called
   * in order besides the service-wide EventSink, e.g. for a server-sent-events reply. Must not throw.
   */
  events?: EventSink;
}

/** What the pipeline answers; POST /query maps it to QueryResponse, POST /api/chat adds rows and the trace id. */
export interface AskOutcome {
  /** How the request ended, as its trace records it: ok, error, refused, pending_approval or clarification. */
  status: TraceStatus;
  success: boolean;
  response: string;
  sql: string;
  pendingApproval: boolean;
  sessionId: string;
  error: string | null;
  /** Classification of the final SQL when one was produced. */
  kind: SqlKind | null;
  /** Rows of a successful read (bounded by maxResultRows). */
  result: ReadResult | null;
  traceId: string;
  historyEntryId: string;
  /** True when the answer came from the result cache. */
  cached: boolean;
  connectionId: string;
  /** A held write's impact preview: rows it would change (null for DDL or when it could not be counted; absent otherwise). */
  estimatedRows?: number | null;
  /**
   * Deterministic repairs the check stage made to the model's SQL before it ran (docs/architecture.md step 7), e.g.
   * `{ rule: 'double-quoted-literal', from: '"Kyle"', to: "'Kyle'" }`; empty when `sql` is what the model wrote.
   */
  repairs: SqlRepair[];
  /** What the executed SQL computed, in plain English (stages/reading); null when nothing ran. */
  reading: string | null;
  /** Set when the question was asked back instead of answered (success false, error null, sql ''); else null. */
  clarification: StoredClarification | null;
  /**
   * The business definitions the question matched and the SQL was held to (docs/knowledge.md "At
   * question time"): id, version, kind, name; empty when none applied.
   */
  knowledge: KnowledgeUse[];
  /** Ids of the verified examples the SQL was written with (a model's few-shot examples, or the one the offline engine matched); empty when none. */
  examples: string[];
  /**
   * What the answer check found in the SQL that ran (docs/http-api.md "Answer warnings"): stable codes, a sentence, the
   * question's unused words; empty when none (and for anything but an answered read).
   */
  warnings: AnswerWarning[];
}

/** Outcome of approving a pending operation. */
export interface ApprovalOutcome {
  sessionId: string;
  sql: string;
  rowsAffected: number;
  historyEntryId: string;
}

/** Outcome of rejecting a pending operation. */
export interface RejectionOutcome {
  sessionId: string;
  sql: string;
  historyEntryId: string;
}
