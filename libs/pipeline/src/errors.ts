/** Typed pipeline errors; apps/api maps each `code` to HTTP in its one exception filter. */
export class PipelineError extends Error {
  constructor(
    readonly code:
      | 'NOTHING_PENDING'
      | 'CONFLICT'
      | 'NOT_FOUND'
      | 'UPSTREAM_UNAVAILABLE'
      | 'SQL_REFUSED'
      | 'NO_CLARIFICATION'
      | 'FORBIDDEN',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** Approve/reject with nothing ever pending in the session (HTTP 404). */
export class NothingPendingError extends PipelineError {
  constructor(sessionId: string) {
    super('NOTHING_PENDING', `No SQL is pending approval in session "${sessionId}".`);
  }
}
/** Approve/reject of an operation already decided, or lost to a concurrent decision (HTTP 409). */
export class ApprovalConflictError extends PipelineError {
  constructor(sessionId: string, state: string) {
    super('CONFLICT', `The pending SQL of session "${sessionId}" was already ${state}.`);
  }
}
/**
 * Approve of a write held for a question an agent asked through MCP, with the agent's own key or with no key at all
 * (HTTP 403): such a write is approved only by a different caller, the person the approval exists for
 * (docs/mcp.md "Approval by a person").
 */
export class AgentSelfApprovalError extends PipelineError {
  constructor(sessionId: string) {
    super(
      'FORBIDDEN',
      `The pending SQL of session "${sessionId}" was held for a question asked through MCP: it is approved by a person with another key, not with the key that asked.`,
    );
  }
}
/** Executing an approved write failed at the database (HTTP 502 when unreachable, else 422). */
export class ApprovalExecutionError extends PipelineError {
  constructor(
    message: string,
    readonly unreachable: boolean,
  ) {
    super(unreachable ? 'UPSTREAM_UNAVAILABLE' : 'SQL_REFUSED', message);
  }
}
/**
 * A `clarification_option` that does not name an option of the session's open clarification: the session was not
 * asked back, a newer question replaced it, or the id is not one of its options (HTTP 409).
 */
export class NoSuchClarificationError extends PipelineError {
  constructor(sessionId: string, option: string, open: boolean) {
    super(
      'NO_CLARIFICATION',
      open
        ? `Option "${option}" is not one of the options of the open clarification of session "${sessionId}".`
        : `Session "${sessionId}" has no open clarification to answer; ask the question again.`,
    );
  }
}
