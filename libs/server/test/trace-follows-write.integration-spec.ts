/**
 * Traces tell what happened, over real HTTP against the real app with the offline engine and the
 * sample shop database in admin mode: a held write's trace follows the decision (approved, rejected, failed), an
 * honest "cannot answer" is a refusal rather than an error, and the offline engine, not a model, is named as the
 * author of its answers.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const KEY = 'trace-follows-write-key-0123456789';

describe('traces follow what happened', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SERVICE_MODE: 'admin', LLM_PROVIDER: 'offline', SERVICE_API_KEY: KEY });
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  const api = (route: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${t.url}${route}`, { ...init, headers: { 'x-api-key': KEY } });

  /** Ask `question` on the adapter surface in session `session`; answers the trace of that question. */
  async function askForTrace(session: string, question: string): Promise<{ answer: any; traceId: string }> {
    const answer = await api('/query', { body: { question, user_id: session } });
    expect(answer.status).toBe(200);
    const traces = await api(`/api/traces?session_id=${session}`);
    expect(traces.body.total).toBe(1);
    return { answer: answer.body, traceId: traces.body.items[0].id };
  }

  const traceStatus = async (id: string) => {
    const { status, body } = await api(`/api/traces/${id}`);
    expect(status).toBe(200);
    return { status: body.status, error: body.error };
  };

  it('moves the trace of a held write to approved once the write ran', async () => {
    const { answer, traceId } = await askForTrace('approve-me', 'delete reviews with rating 1');
    expect(answer).toMatchObject({ success: true, pending_approval: true });
    expect(await traceStatus(traceId)).toEqual({ status: 'pending_approval', error: null });

    expect(await api('/approve/approve-me', { method: 'POST' })).toMatchObject({
      status: 200,
      body: { status: 'approved' },
    });
    expect(await traceStatus(traceId)).toEqual({ status: 'approved', error: null });
    expect((await api('/api/traces?status=approved')).body.items.map((x: { id: string }) => x.id)).toContain(traceId);
  });

  it('moves it to rejected when the write is rejected', async () => {
    const { traceId } = await askForTrace('reject-me', 'delete reviews with rating 2');
    expect(await traceStatus(traceId)).toEqual({ status: 'pending_approval', error: null });
    expect(await api('/reject/reject-me', { method: 'POST' })).toMatchObject({
      status: 200,
      body: { status: 'rejected' },
    });
    expect(await traceStatus(traceId)).toEqual({ status: 'rejected', error: null });
  });

  it('moves it to failed, with the error, when the approved write fails at the database', async () => {
    const { traceId } = await askForTrace('fail-me', 'delete reviews with rating 3');
    // the table goes away behind nlq's back: the approved DELETE cannot run
    const db = new Database(path.join(t.dataDir, 'shop.db'));
    db.exec('DROP TABLE reviews');
    db.close();
    const approved = await api('/approve/fail-me', { method: 'POST' });
    expect(approved.status).toBe(422);
    const trace = await traceStatus(traceId);
    expect(trace.status).toBe('failed');
    expect(trace.error).toMatch(/approved SQL failed at the database: .*reviews/);
  });

  it('records an honest "cannot answer" as a refusal, not an error', async () => {
    const { answer, traceId } = await askForTrace('weather', 'What will the weather be like in Paris tomorrow?');
    expect(answer).toMatchObject({ success: false, pending_approval: false });
    expect(answer.error).toEqual(expect.any(String));
    expect((await traceStatus(traceId)).status).toBe('refused');
    const history = await api('/session/weather');
    expect(history.body.history.map((e: { status: string }) => e.status)).toEqual(['refused']);
  });

  it('names the offline engine, not a model, as the author of the SQL and of the answer', async () => {
    const { answer, traceId } = await askForTrace('count', 'How many customers are there?');
    expect(answer).toMatchObject({ success: true });
    const { body } = await api(`/api/traces/${traceId}`);
    const span = (name: string) => body.spans.find((s: { name: string }) => s.name === name);
    expect(span('generate').detail).toMatchObject({ provider: 'offline' });
    expect(span('answer').detail).toMatchObject({ answeredBy: 'offline', provider: 'offline' });
  });
});
