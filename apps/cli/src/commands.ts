import type { ApprovalDecisionResponse, ErrorResponse, QueryRequest, QueryResponse } from '@nlq/contracts';
import type { RequestArguments } from './cli-arguments';
import type { AdapterAnswer, Transport } from './transport';

/** What a command prints and its exit code (0 ok, 1 failed answer or HTTP error). */
export interface CommandOutcome {
  code: 0 | 1;
  stdout: string;
  stderr: string;
}

/**
 * `nlq ask`: POST /query with `{ question, user_id? }` (docs/http-api.md "Contract: query adapter") through `transport`.
 * - success, answered: the answer, then the SQL; exit 0.
 * - success, pending approval (admin mode, a write): the SQL and how to approve or reject it; exit 0.
 * - asked back (success false, error null, sql null: the question has two readings): the question and its
 *   numbered options on stdout, and how to answer (`nlq ask 2`, with the same --user); exit 0.
 * - success false (docs/http-api.md "Contract: errors" rule 1): `error: ...` on stderr (and the SQL when there is one); exit 1.
 * - an HTTP error (401 key, 400 validation, 429, 502 ...): its message, code and request id on stderr; exit 1.
 * With `json`, stdout is the QueryResponse (or the error body) as JSON, the exit code unchanged.
 */
export async function ask(args: RequestArguments, transport: Transport): Promise<CommandOutcome> {
  const body: QueryRequest = { question: args.text };
  if (args.user !== null) body.user_id = args.user;
  const answer = await transport.request('POST', '/query', body);
  if (answer.status !== 200) return httpError(answer, args.json);
  const r = answer.body as QueryResponse;
  if (args.json) return { code: r.success ? 0 : 1, stdout: json(r), stderr: '' };
  if (!r.success && r.error === null && r.sql === null) {
    const user = args.user !== null ? ` --user ${JSON.stringify(args.user)}` : '';
    return { code: 0, stdout: `${r.response}\n\nanswer: nlq ask${user} <number>\n`, stderr: '' };
  }
  if (!r.success)
    return {
      code: 1,
      stdout: '',
      stderr: `error: ${r.error ?? 'the question could not be answered'}\n${r.sql ? `sql: ${r.sql}\n` : ''}`,
    };
  if (r.pending_approval) {
    const session = encodeURIComponent(r.session_id);
    return {
      code: 0,
      stdout: `${r.response}\n\nsql (pending approval): ${r.sql}\napprove: nlq approve ${session}   reject: nlq reject ${session}\n`,
      stderr: '',
    };
  }
  return { code: 0, stdout: `${r.response}\n\nsql: ${r.sql}\n`, stderr: '' };
}

/**
 * `nlq approve <session_id>` / `nlq reject <session_id>` (docs/http-api.md "Contract: query adapter" rule 2): POST /approve|reject/{session_id}; prints the
 * status (and rows affected when the api reports them); nothing pending is the api's 404, exit 1.
 */
export async function decide(
  action: 'approve' | 'reject',
  args: RequestArguments,
  transport: Transport,
): Promise<CommandOutcome> {
  const answer = await transport.request('POST', `/${action}/${encodeURIComponent(args.text)}`);
  if (answer.status !== 200) return httpError(answer, args.json);
  if (args.json) return { code: 0, stdout: json(answer.body), stderr: '' };
  const b = answer.body as ApprovalDecisionResponse;
  const rows = typeof b.rows_affected === 'number' ? ` (${b.rows_affected} rows affected)` : '';
  return { code: 0, stdout: `${b.status}: session ${b.session_id}${rows}\n`, stderr: '' };
}

/** A non-2xx answer in the one error shape `{ statusCode, code, message, requestId }` as a readable line. */
function httpError(answer: AdapterAnswer, asJson: boolean): CommandOutcome {
  const b = answer.body as Partial<ErrorResponse> | string | null;
  if (asJson) return { code: 1, stdout: json(b), stderr: '' };
  if (b === null || typeof b !== 'object')
    return { code: 1, stdout: '', stderr: `error: HTTP ${answer.status}${b ? `: ${String(b).slice(0, 200)}` : ''}\n` };
  const details = Array.isArray(b.details)
    ? b.details.map((d) => `\n  ${d.field}: ${d.problems.join('; ')}`).join('')
    : '';
  const request = b.requestId ? `, request ${b.requestId}` : '';
  return {
    code: 1,
    stdout: '',
    stderr: `error: ${b.message ?? 'request failed'} (HTTP ${answer.status} ${b.code ?? ''}${request})${details}\n`,
  };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
