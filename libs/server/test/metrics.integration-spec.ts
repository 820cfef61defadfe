/**
 * GET /metrics over real HTTP on the sample database with a scripted OpenAI-protocol model: the
 * service key (X-API-Key or Bearer) reads Prometheus text; HTTP requests by route pattern, stage durations, model
 * calls and tokens, cache hits and misses, database errors by kind and pending approvals move as questions run.
 */
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'metrics-service-key-0123456789';
const ALICE = 'alice-metrics-key-0123456789';
const SQL: Record<string, string> = {
  'How many customers are there?': 'SELECT COUNT(*) AS customers FROM customers',
  'Delete the cancelled orders': "DELETE FROM orders WHERE status = 'cancelled'",
  'Break it': 'SELECT no_such_function(1)',
};

/** The value of one sample line `name{labels} value` of the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && labels.split(',').every((label) => l.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  let model: ScriptedModelServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startScriptedShopModel('openai', (q) => SQL[q] ?? 'SELECT 1');
    t = await startTestApp({
      SERVICE_MODE: 'admin',
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}`,
      MAX_RETRIES: '0',
      ...providerEnv('openai', model),
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    if (t) removeDataDir(t.dataDir);
  });

  const scrape = async (headers: Record<string, string>) => {
    const response = await fetch(`${t.url}/metrics`, { headers });
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };

  it('is for the service key only, in the one error shape otherwise', async () => {
    const none = await scrape({});
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toMatchObject({
      statusCode: 401,
      code: expect.any(String),
      requestId: expect.any(String),
    });
    expect((await scrape({ 'x-api-key': 'wrong-key-0123456789abcdef' })).status).toBe(401);
    expect((await scrape({ 'x-api-key': ALICE })).status).toBe(403);
    const ok = await scrape({ authorization: `Bearer ${SERVICE}` });
    expect(ok.status).toBe(200);
    expect(ok.type).toContain('text/plain');
    expect(ok.text).toContain('# TYPE nlq_http_requests_total counter');
    expect(ok.text).toContain('nlq_process_resident_memory_bytes');
  });

  it('counts requests, stages, model tokens, cache lookups, database errors and pending approvals', async () => {
    const before = (await scrape({ 'x-api-key': SERVICE })).text;
    const ask = (question: string) =>
      call(`${t.url}/query`, { body: { question, user_id: 'm1' }, headers: { 'x-api-key': SERVICE } });
    expect((await ask('How many customers are there?')).body).toMatchObject({ success: true });
    expect((await ask('How many customers are there?')).body).toMatchObject({ success: true });
    expect((await ask('Break it')).body).toMatchObject({ success: false });
    expect((await ask('Delete the cancelled orders')).body).toMatchObject({ pending_approval: true });
    await fetch(`${t.url}/no/such/path/${Date.now()}`);
    const after = (await scrape({ 'x-api-key': SERVICE })).text;

    const delta = (name: string, labels: string) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('nlq_http_requests_total', 'method="POST",route="/query",status="200"')).toBe(4);
    expect(sample(after, 'nlq_http_requests_total', 'route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('/no/such/path');
    expect(delta('nlq_stage_duration_seconds_count', 'stage="execute",outcome="ok"')).toBe(1);
    expect(delta('nlq_cache_lookups_total', 'result="hit"')).toBe(1);
    expect(delta('nlq_cache_lookups_total', 'result="miss"')).toBe(3);
    expect(delta('nlq_model_calls_total', 'provider="openai",stage="generate"')).toBe(3);
    expect(delta('nlq_model_tokens_total', 'provider="openai",kind="prompt"')).toBeGreaterThan(0);
    expect(delta('nlq_database_errors_total', 'kind=')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^nlq_pending_approvals 1$/m);
  });
});
