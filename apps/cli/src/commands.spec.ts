import type { RequestArguments } from './cli-arguments';
import { ask, decide } from './commands';
import type { AdapterAnswer, Transport } from './transport';

const args = (over: Partial<RequestArguments> = {}): RequestArguments => ({
  text: 'How many customers are there?',
  url: null,
  key: null,
  database: null,
  dataDir: null,
  user: null,
  json: false,
  help: false,
  ...over,
});

/** A transport that records the request and answers `answer`. */
function fake(answer: AdapterAnswer): Transport & { seen: unknown[] } {
  const seen: unknown[] = [];
  return {
    description: 'fake',
    seen,
    request: async (method, path, body) => (seen.push({ method, path, body }), answer),
    close: async () => undefined,
  };
}

const ok = {
  response: 'There are 1,000 customers.',
  sql: 'SELECT COUNT(*) FROM customers',
  success: true,
  pending_approval: false,
  session_id: 'rest_user',
  error: null,
};

describe('nlq ask / approve / reject output', () => {
  it('prints the answer and the SQL, exit 0; sends user_id only when given', async () => {
    const t = fake({ status: 200, body: ok });
    expect(await ask(args({ user: 'ann' }), t)).toEqual({
      code: 0,
      stdout: 'There are 1,000 customers.\n\nsql: SELECT COUNT(*) FROM customers\n',
      stderr: '',
    });
    expect(t.seen).toEqual([
      { method: 'POST', path: '/query', body: { question: 'How many customers are there?', user_id: 'ann' } },
    ]);
    await ask(args(), t);
    expect(t.seen[1]).toEqual({ method: 'POST', path: '/query', body: { question: 'How many customers are there?' } });
  });

  it('a question asked back prints the question, the numbered options and how to answer, exit 0', async () => {
    const asked = {
      ...ok,
      success: false,
      sql: null,
      error: null,
      response:
        'Which people do you mean?\n1. customers\n2. employees\nReply with the number or the words of one option, or ask in other words.',
    };
    expect(await ask(args({ user: 'ann' }), fake({ status: 200, body: asked }))).toEqual({
      code: 0,
      stdout: `${asked.response}\n\nanswer: nlq ask --user "ann" <number>\n`,
      stderr: '',
    });
  });

  it('a failed answer is exit 1 with the error on stderr; --json keeps the exit code', async () => {
    const failed = { ...ok, success: false, sql: '', response: '', error: 'The question is too long.' };
    expect(await ask(args(), fake({ status: 200, body: failed }))).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: The question is too long.\n',
    });
    const asJson = await ask(args({ json: true }), fake({ status: 200, body: failed }));
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout)).toEqual(failed);
  });

  it('a pending write says how to approve or reject it', async () => {
    const pending = { ...ok, sql: 'DELETE FROM reviews', pending_approval: true, session_id: 'ops team' };
    const { code, stdout } = await ask(args(), fake({ status: 200, body: pending }));
    expect(code).toBe(0);
    expect(stdout).toContain('sql (pending approval): DELETE FROM reviews');
    expect(stdout).toContain('nlq approve ops%20team');
  });

  it('an HTTP error prints message, status, code, request id and field details, exit 1', async () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Invalid request body.',
      requestId: 'r-1',
      details: [{ field: 'question', problems: ['question must be a string'] }],
    };
    expect(await ask(args(), fake({ status: 400, body }))).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid request body. (HTTP 400 VALIDATION, request r-1)\n  question: question must be a string\n',
    });
    expect((await ask(args(), fake({ status: 502, body: '<html>bad gateway</html>' }))).stderr).toBe(
      'error: HTTP 502: <html>bad gateway</html>\n',
    );
  });

  it('approve prints the status and rows affected; nothing pending is exit 1', async () => {
    const t = fake({ status: 200, body: { status: 'approved', session_id: 's1', rows_affected: 3 } });
    expect(await decide('approve', args({ text: 's1' }), t)).toEqual({
      code: 0,
      stdout: 'approved: session s1 (3 rows affected)\n',
      stderr: '',
    });
    expect(t.seen).toEqual([{ method: 'POST', path: '/approve/s1', body: undefined }]);
    const none = await decide(
      'reject',
      args({ text: 's1' }),
      fake({
        status: 404,
        body: { statusCode: 404, code: 'NOTHING_PENDING', message: 'Nothing pending.', requestId: 'r' },
      }),
    );
    expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining('NOTHING_PENDING') });
  });
});
