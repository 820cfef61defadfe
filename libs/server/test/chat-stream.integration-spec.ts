/**
 * POST /api/chat/stream over real HTTP (server-sent events read from the response body and parsed) and /ws/live over
 * a real WebSocket: the real OpenAI client against the scripted model server streaming its answer, on the sample
 * shop database. The question's result (12 rows of 4 columns) is one no template states, so the model words it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';
import { openLive } from '../src/testing/api-live-client';
import { postEventStream } from '../src/testing/sse-client';
import { providerEnv } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdef01';
const SQL = 'SELECT first_name, last_name, city, country FROM customers ORDER BY customer_id LIMIT 12';
const COUNT_SQL = 'SELECT COUNT(*) AS customers FROM customers';

// Starting the api (sample database, migrations) takes seconds on a loaded machine.
jest.setTimeout(60_000);

/** Answer pieces a test releases one at a time (the scripted server sends each when released). */
const slow = { queue: [] as Array<string | null>, wake: null as (() => void) | null };
async function* slowPieces(): AsyncGenerator<string> {
  for (;;) {
    while (!slow.queue.length) await new Promise<void>((resolve) => (slow.wake = resolve));
    const next = slow.queue.shift();
    if (next === null || next === undefined) return;
    yield next;
  }
}
const release = (piece: string | null) => {
  slow.queue.push(piece);
  slow.wake?.();
};

/**
 * SQL for the SQL prompt; for the answer prompt a streamed reply naming the first row, after a reasoning block (or,
 * for a question starting "Slowly", the pieces the test releases).
 */
async function startModel(): Promise<ScriptedModelServer> {
  return startScriptedModelServer({
    protocol: 'openai',
    reply: ({ user }) => {
      if (user.startsWith('Database schema')) return `\`\`\`sql\n${/How many/.test(user) ? COUNT_SQL : SQL}\n\`\`\``;
      if (user.includes('Question: Slowly')) return { chunks: slowPieces() };
      const firstRow = user.split('\n').filter((line) => line.startsWith('|'))[2] ?? '';
      const [first, last] = firstRow
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      return `<think>12 rows, so list the first.</think>\nThe first of the 12 customers is ${first} ${last}; the others follow in signup order.`;
    },
  });
}

describe('POST /api/chat/stream and answer.delta on /ws/live', () => {
  let model: ScriptedModelServer;
  let t: TestApp;
  const url = () => `${t.url}/api/chat/stream`;

  beforeAll(async () => {
    model = await startModel();
    t = await startTestApp({ USER_API_KEYS: `alice:${ALICE},bob:${BOB}`, ...providerEnv('openai', model) });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('streams stage progress and answer deltas, then the /api/chat response; /ws/live hears the same deltas', async () => {
    const live = await openLive(t.url, ALICE);
    try {
      await live.waitFor((m) => m.type === 'ready');
      const seenBeforeEnd: string[] = [];
      const streamed = await postEventStream(
        url(),
        { question: 'List the first customers with their city', session_id: 'alice-stream' },
        { 'x-api-key': ALICE },
        (e) => {
          if (e.event === 'answer.delta') seenBeforeEnd.push(e.data.text);
        },
      );
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(streamed.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(streamed.headers.get('x-request-id')).toEqual(expect.any(String));

      const names = streamed.events.map((e) => e.event);
      expect(names[0]).toBe('stage.started');
      expect(streamed.events[0].data).toEqual({ stage: 'intake' });
      expect(names[names.length - 1]).toBe('result');
      expect(names.filter((n) => n === 'result')).toHaveLength(1);
      const deltas = streamed.events.filter((e) => e.event === 'answer.delta').map((e) => e.data.text as string);
      expect(deltas.length).toBeGreaterThan(5);
      expect(seenBeforeEnd).toEqual(deltas);
      const answerStart = streamed.events.findIndex((e) => e.event === 'stage.started' && e.data.stage === 'answer');
      const answerEnd = streamed.events.findIndex((e) => e.event === 'stage.finished' && e.data.stage === 'answer');
      expect(names.indexOf('answer.delta')).toBeGreaterThan(answerStart);
      expect(names.lastIndexOf('answer.delta')).toBeLessThan(answerEnd);

      const result = streamed.events[streamed.events.length - 1].data;
      expect(result).toMatchObject({
        success: true,
        sql: SQL,
        session_id: 'alice-stream',
        row_count: 12,
        columns: ['first_name', 'last_name', 'city', 'country'],
        cached: false,
        kind: 'read',
      });
      expect(result.response).toMatch(
        /^The first of the 12 customers is \S+ \S+; the others follow in signup order\.$/,
      );
      expect(deltas.join('')).toBe(result.response);
      expect(deltas.join('')).not.toContain('think');

      // The result event is exactly what POST /api/chat answers: the same fields (here the cached repeat).
      const plain = await call(`${t.url}/api/chat`, {
        body: { question: 'List the first customers with their city', session_id: 'alice-stream' },
        headers: { 'x-api-key': ALICE },
      });
      expect(plain.status).toBe(200);
      expect(Object.keys(result).sort()).toEqual(Object.keys(plain.body).sort());
      expect({
        ...plain.body,
        cached: false,
        trace_id: result.trace_id,
        history_entry_id: result.history_entry_id,
      }).toEqual(result);

      // /ws/live: the same pieces, in order, for that trace.
      await live.waitFor((m) => m.type === 'answer.ready' && m.traceId === result.trace_id);
      const liveDeltas = live.messages.filter((m) => m.type === 'answer.delta' && m.traceId === result.trace_id);
      expect(liveDeltas.map((m) => m.data.text)).toEqual(deltas);
      expect(liveDeltas.every((m) => m.sessionId === 'alice-stream' && m.userId === 'alice')).toBe(true);
    } finally {
      live.close();
    }
  });

  it('streams no delta for a templated answer; Bob hears none of Alice’s deltas', async () => {
    const bob = await openLive(t.url, BOB);
    try {
      await bob.waitFor((m) => m.type === 'ready');
      const streamed = await postEventStream(
        url(),
        { question: 'How many customers are there?' },
        { 'x-api-key': ALICE },
      );
      const result = streamed.events[streamed.events.length - 1];
      expect(result.event).toBe('result');
      expect(result.data.response).toMatch(/^Customers: [\d,]+\.$/);
      expect(streamed.events.some((e) => e.event === 'answer.delta')).toBe(false);
      const mine = await postEventStream(url(), { question: 'How many customers are there?' }, { 'x-api-key': BOB });
      await bob.waitFor(
        (m) => m.type === 'answer.ready' && m.traceId === mine.events[mine.events.length - 1].data.trace_id,
      );
      expect(bob.messages.some((m) => m.sessionId === result.data.session_id)).toBe(false);
    } finally {
      bob.close();
    }
  });

  it('answers failures before the stream as ordinary HTTP errors in the one error shape', async () => {
    const expectError = (
      r: { status: number; headers: Headers; body: any; events: unknown[] },
      status: number,
      code: string,
    ) => {
      expect(r.status).toBe(status);
      expect(r.events).toEqual([]);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body).toMatchObject({
        statusCode: status,
        code,
        message: expect.any(String),
        requestId: expect.any(String),
      });
    };
    expectError(await postEventStream(url(), { question: 'x' }), 401, 'UNAUTHORIZED');
    expectError(await postEventStream(url(), { question: 42 }, { 'x-api-key': ALICE }), 400, 'VALIDATION');
    expectError(await postEventStream(url(), { question: 'x', extra: 1 }, { 'x-api-key': ALICE }), 400, 'VALIDATION');
    expectError(await postEventStream(url(), '{"question":', { 'x-api-key': ALICE }), 400, 'VALIDATION');
    expectError(
      await postEventStream(url(), { question: 'x', connection_id: 'nope' }, { 'x-api-key': ALICE }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await postEventStream(url(), { question: 'x', session_id: 'alice-stream' }, { 'x-api-key': BOB }),
      404,
      'NOT_FOUND',
    );
  });

  it('finishes and records the answer when the client goes away mid-stream', async () => {
    const abort = new AbortController();
    const request = fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': ALICE },
      body: JSON.stringify({ question: 'Slowly list the first customers', session_id: 'alice-gone' }),
      signal: abort.signal,
    });
    release('Twelve ');
    release('customers');
    const response = await request;
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('event: answer.delta')) seen += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await reader.read().catch(() => undefined);
    release(', in signup order.');
    release(null);
    // The question still ran to the end: its answer is in the session's history, and the api keeps answering.
    let detail: any = null;
    while (!detail?.history?.some((e: any) => e.kind === 'query')) {
      detail = (await call(`${t.url}/api/sessions/alice-gone`, { headers: { 'x-api-key': ALICE } })).body;
    }
    expect(detail.history.find((e: any) => e.kind === 'query')).toMatchObject({
      status: 'ok',
      answer: 'Twelve customers, in signup order.',
    });
    const next = await postEventStream(url(), { question: 'How many customers are there?' }, { 'x-api-key': ALICE });
    expect(next.events[next.events.length - 1].event).toBe('result');
  });

  it('is documented in OpenAPI as a text/event-stream behind X-API-Key', async () => {
    const { body } = await call(`${t.url}/docs-json`);
    const operation = body.paths['/api/chat/stream']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.security).toEqual([{ api_key: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '404', '413', '429']));
  });

  it('answers a pipeline failure as a result with success false, like /api/chat', async () => {
    const streamed = await postEventStream(url(), { question: '   ' }, { 'x-api-key': ALICE });
    expect(streamed.status).toBe(200);
    const last = streamed.events[streamed.events.length - 1];
    expect(last.event).toBe('result');
    expect(last.data).toMatchObject({ success: false, error: expect.any(String) });
  });
});

describe('POST /api/chat/stream limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      USER_API_KEYS: `alice:${ALICE}`,
      RATE_LIMIT_PER_MINUTE: '2',
      MAX_BODY_BYTES: '2048',
      LLM_PROVIDER: 'offline',
    });
  });
  afterAll(async () => {
    await t?.close();
    if (t) removeDataDir(t.dataDir);
  });

  it('has the body limit and shares the rate limit of /api/chat (413, then 429 in the error shape)', async () => {
    // The rate limit counts every request of the caller, the 413 one included (it runs before the body is read).
    const tooBig = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'x'.repeat(4096) },
      { 'x-api-key': ALICE },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    const first = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'How many customers are there?' },
      { 'x-api-key': ALICE },
    );
    expect(first.events[first.events.length - 1]).toMatchObject({ event: 'result', data: { success: true } });
    // Headers set before the stream started (rate limit, request id) are kept on it.
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(first.headers.get('x-request-id')).toEqual(expect.any(String));
    const limited = await call(`${t.url}/api/chat`, {
      body: { question: 'How many customers are there?' },
      headers: { 'x-api-key': ALICE },
    });
    expect(limited.status).toBe(429);
    const limitedStream = await postEventStream(
      `${t.url}/api/chat/stream`,
      { question: 'How many customers are there?' },
      { 'x-api-key': ALICE },
    );
    expect(limitedStream.status).toBe(429);
    expect(limitedStream.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(fs.existsSync(path.join(t.dataDir, 'service-api-key'))).toBe(true);
  });
});
