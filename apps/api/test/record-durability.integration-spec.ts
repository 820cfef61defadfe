import Database from 'better-sqlite3';
import http from 'node:http';
import path from 'node:path';
import { killApi, startApiProcess, type ApiProcess } from './support/api-process';
import { makeDataDir, removeDataDir } from '@nlq/server/testing';

jest.setTimeout(180_000);

const QUESTIONS = [
  'How many customers are there?',
  'list customers in Germany',
  'how many orders per status',
  'top 5 products by total sales',
];

/**
 * One POST /query as user (and session) `user` on a connection of its own (no keep-alive, so a stopping server is
 * not held open by idle connections of this client); resolves with the HTTP status once the whole reply arrived,
 * rejects when the connection died first.
 */
function ask(url: string, user: string, question: string): Promise<number> {
  const body = JSON.stringify({ question, user_id: user });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/query`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Fires `total` questions at once, a new user (session) each, plus the same number as one user (cache hits after its
 * first answers); calls `stop` as soon as `stopAfter` replies have arrived and waits for every request to end.
 * Resolves with the sessions that got an HTTP 200 reply and the requests that got none.
 */
async function loadAndStop(
  api: ApiProcess,
  total: number,
  stopAfter: number,
  stop: () => void,
): Promise<{ replied: string[]; hitReplies: number; unanswered: number }> {
  const replied: string[] = [];
  let hitReplies = 0;
  let unanswered = 0;
  let stopped = false;
  const count = () => {
    if (!stopped && replied.length + hitReplies >= stopAfter) {
      stopped = true;
      stop();
    }
  };
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const user = `crash-${i}`;
    requests.push(
      ask(api.url, user, QUESTIONS[i % QUESTIONS.length]).then(
        (status) => {
          if (status === 200) replied.push(user);
          count();
        },
        () => void unanswered++,
      ),
    );
    requests.push(
      ask(api.url, 'crash-hits', QUESTIONS[i % QUESTIONS.length]).then(
        (status) => {
          if (status === 200) hitReplies++;
          count();
        },
        () => void unanswered++,
      ),
    );
  }
  await Promise.all(requests);
  return { replied, hitReplies, unanswered };
}

/** Sessions with at least one query history entry, and with at least one trace, in the state database. */
function recorded(dataDir: string): { history: Map<string, number>; traces: Map<string, number> } {
  const db = new Database(path.join(dataDir, 'state.db'), { readonly: true });
  try {
    const count = (table: string) =>
      new Map(
        (
          db.prepare(`SELECT session_id AS s, count(*) AS n FROM ${table} GROUP BY session_id`).all() as Array<{
            s: string;
            n: number;
          }>
        ).map((r) => [r.s, r.n]),
      );
    return { history: count('history_entry'), traces: count('trace') };
  } finally {
    db.close();
  }
}

/**
 * The guarantee of the record path (libs/pipeline/src/record-batcher.ts, tools/bench/README.md "Query benchmark"): an answer is sent only
 * after its history entry and trace are committed to the state database (group commit). So whatever kills the
 * process, every question that got a reply is in the history with its trace; questions cut off without a reply may
 * or may not be (never half: entry and trace commit in one transaction).
 */
describe('what was replied is recorded (embedded SQLite state, real api process)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDataDir));

  it('kill -9 while answering: every replied question has its history entry and trace', async () => {
    const dataDir = makeDataDir();
    dirs.push(dataDir);
    const api = await startApiProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' });
    let result;
    try {
      result = await loadAndStop(api, 60, 25, () => api.proc.kill('SIGKILL'));
    } finally {
      await killApi(api);
    }
    expect(await api.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(result.replied.length).toBeGreaterThan(0);
    expect(result.unanswered).toBeGreaterThan(0); // the kill did cut requests off
    const { history, traces } = recorded(dataDir);
    const missing = result.replied.filter((s) => history.get(s) !== 1 || traces.get(s) !== 1);
    expect(missing).toEqual([]);
    // the cache-hit session: at least one entry and one trace per reply it got
    expect(history.get('crash-hits') ?? 0).toBeGreaterThanOrEqual(result.hitReplies);
    expect(traces.get('crash-hits') ?? 0).toBe(history.get('crash-hits') ?? 0);
  });

  it('SIGTERM while answering: requests in flight are answered and recorded, then the process exits 0', async () => {
    const dataDir = makeDataDir();
    dirs.push(dataDir);
    const api = await startApiProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' });
    let result;
    try {
      result = await loadAndStop(api, 60, 25, () => api.proc.kill('SIGTERM'));
      const exit = await api.exited;
      if (exit.code !== 0) process.stderr.write(api.output().slice(-3000));
      expect(exit).toEqual({ code: 0, signal: null });
    } finally {
      await killApi(api);
    }
    const { history, traces } = recorded(dataDir);
    expect(result.replied.filter((s) => history.get(s) !== 1 || traces.get(s) !== 1)).toEqual([]);
    // nothing recorded without a reply and nothing replied without a record: the counts match exactly
    const sessions = [...history.keys()].filter((s) => s.startsWith('crash-') && s !== 'crash-hits');
    expect(sessions.sort()).toEqual([...result.replied].sort());
    expect(history.get('crash-hits') ?? 0).toBe(result.hitReplies);
    expect(traces.get('crash-hits') ?? 0).toBe(result.hitReplies);
  });
});
