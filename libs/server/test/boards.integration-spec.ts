/**
 * Boards over real HTTP on the sample shop database (SQLite state; one scenario on PostgreSQL state), SQL from a
 * scripted OpenAI-compatible model server: made, listed, opened by link, changed and deleted with the roles and the
 * ownership rule of docs/http-api.md "Boards"; each refused field named; every tile run again with no request to the
 * model; a viewer with a data policy opening an analyst's board sees masked columns, only their country's rows, and
 * a refused table as that tile's error, never its data; a deleted saved answer fails only its tile.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describeWith } from '@nlq/test-services';
import { tileSavedIds } from '../src/platform/state/repositories/boards.repository';
import { TypeOrmStateStore } from '../src/platform/state/typeorm-state.store';
import { PG, usePostgresSchema } from '../src/testing/postgres-schema';
import { providerEnv, startScriptedShopModel, type ScriptedModelServer } from '../src/testing/scripted-model';
import { call, makeDataDir, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

const SERVICE = 'service-key-0123456789abcdef';
const ALICE = 'alice-key-0123456789abcdef';
const BOB = 'bob-key-0123456789abcdefghi';
const VIEWER = 'vera-key-0123456789abcdefgh';

const SQL = new Map([
  ['How many customers are there?', 'SELECT COUNT(*) AS customers FROM customers'],
  ['Names', 'SELECT last_name, country FROM customers ORDER BY customer_id LIMIT 5'],
]);

const POLICY = {
  roles: {
    viewer: {
      tables: ['customers', 'orders'],
      mask_columns: ['customers.last_name'],
      row_filters: { customers: 'country = :user.country' },
    },
  },
};

/** Starts the app over `state` and returns a caller of its routes; closes it after the suite. */
function useBoardsApp(stateEnv: () => Record<string, string> | null) {
  const ctx: { t: TestApp | null; model: ScriptedModelServer | null; dataDir: string } = {
    t: null,
    model: null,
    dataDir: makeDataDir(),
  };
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.model?.close();
    removeDataDir(ctx.dataDir);
  });
  const start = async (): Promise<boolean> => {
    const state = stateEnv();
    if (!state) return false;
    ctx.model = await startScriptedShopModel('openai', (q) => SQL.get(q) ?? 'SELECT 1');
    ctx.t = await startTestApp({
      DATA_DIR: ctx.dataDir,
      SERVICE_API_KEY: SERVICE,
      USER_API_KEYS: `alice:${ALICE}:analyst,bob:${BOB}:analyst,vera:${VIEWER}`,
      ...providerEnv('openai', ctx.model),
      ...state,
    });
    return true;
  };
  const api = (route: string, key: string, body?: unknown, method?: string) =>
    call(`${ctx.t!.url}${route}`, { body, method, headers: { 'x-api-key': key } });
  return { ctx, start, api };
}

/** Alice asks and saves each question; answers the saved ids in order. */
async function saveAnswers(api: ReturnType<typeof useBoardsApp>['api'], key: string, questions: string[]) {
  const ids: string[] = [];
  for (const question of questions) {
    const asked = await api('/api/chat', key, { question });
    expect(asked.body).toMatchObject({ success: true });
    const saved = await api('/api/saved', key, {
      name: question,
      session_id: asked.body.session_id,
      entry_id: asked.body.history_entry_id,
    });
    expect(saved.status).toBe(201);
    ids.push(saved.body.id);
  }
  return ids;
}

/** Every refused field of POST /api/boards is named: shapes, unreadable or unknown saved answers, a blank name. */
async function expectRefusedFields(
  api: ReturnType<typeof useBoardsApp>['api'],
  count: string,
  bobs: string,
  tiles: unknown[],
): Promise<void> {
  const refused = await api('/api/boards', ALICE, {
    name: 'bad',
    tiles: [
      { saved_id: count, x: 8, y: 0, w: 6, h: 2 },
      { saved_id: 'nope', x: 0, y: 0, w: 0, h: 2 },
      { saved_id: bobs, x: 0, y: 0, w: 2, h: 2, view: 'pie' },
    ],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('VALIDATION');
  expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual([
    'tiles[0].w',
    'tiles[1].w',
    'tiles[2].view',
  ]);
  const unreadable = await api('/api/boards', ALICE, {
    name: 'x',
    tiles: [
      { saved_id: bobs, x: 0, y: 0, w: 2, h: 2 },
      { saved_id: 'nope', x: 0, y: 0, w: 2, h: 2 },
    ],
  });
  expect(unreadable.body.details.map((d: { field: string }) => d.field)).toEqual([
    'tiles[0].saved_id',
    'tiles[1].saved_id',
  ]);
  expect((await api('/api/boards', ALICE, { name: '  ', tiles })).body.details).toEqual([
    { field: 'name', problems: ['must not be blank'] },
  ]);
  expect((await api('/api/boards', ALICE, { name: 'x', tiles: 'none' })).body.details[0].field).toBe('tiles');
  expect((await api('/api/boards', ALICE, { tiles })).status).toBe(400);
}

function crudScenario(stateEnv: () => Record<string, string> | null) {
  const { ctx, start, api } = useBoardsApp(stateEnv);

  it('makes, lists, opens by link, changes and deletes boards with the roles and ownership rule', async () => {
    if (!(await start())) return;
    const [count, names] = await saveAnswers(api, ALICE, ['How many customers are there?', 'Names']);
    const [bobs] = await saveAnswers(api, BOB, ['How many customers are there?']);
    const tiles = [
      { saved_id: count, x: 0, y: 0, w: 4, h: 2, view: 'number' },
      { saved_id: names, x: 4, y: 0, w: 8, h: 4, view: 'table' },
    ];
    const made = await api('/api/boards', ALICE, { name: ' Customers ', tiles });
    expect(made).toMatchObject({ status: 201, body: { name: 'Customers', user_id: 'alice', tiles } });
    const id = made.body.id as string;

    await expectRefusedFields(api, count, bobs, tiles);

    // a viewer opens it by link but may not make, change or delete boards
    expect((await api('/api/boards', VIEWER, { name: 'v', tiles: [] })).status).toBe(403);
    expect((await api(`/api/boards/${id}`, VIEWER)).body).toMatchObject({ id, tiles });
    expect((await api(`/api/boards/${id}`, VIEWER, { name: 'v', tiles: [] }, 'PUT')).status).toBe(403);
    expect((await api(`/api/boards/${id}`, VIEWER, undefined, 'DELETE')).status).toBe(403);
    // another analyst: 403 naming the creator; the lists hold one's own boards, an admin's everyone's
    const bobEdit = await api(`/api/boards/${id}`, BOB, { name: 'mine', tiles: [] }, 'PUT');
    expect(bobEdit).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(bobEdit.body.message).toContain('"alice"');
    expect((await api('/api/boards', BOB)).body.items).toEqual([]);
    expect((await api('/api/boards', ALICE)).body.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect((await api('/api/boards', SERVICE)).body.items).toHaveLength(1);
    expect((await api('/api/boards/unknown', ALICE)).status).toBe(404);

    // the creator resizes and reorders; the store reads the board's saved answers for other features
    const resized = await api(
      `/api/boards/${id}`,
      ALICE,
      { name: 'Customers', tiles: [tiles[1], { ...tiles[0], w: 12 }] },
      'PUT',
    );
    expect(resized).toMatchObject({ status: 200, body: { tiles: [tiles[1], { ...tiles[0], w: 12 }] } });
    expect((await api(`/api/boards/${id}`, ALICE)).body.tiles[1].w).toBe(12);
    const store = ctx.t!.app.get(TypeOrmStateStore);
    const stored = await store.boards.get(id);
    expect(stored && tileSavedIds(stored)).toEqual([names, count]);
    expect(await store.boards.get('unknown')).toBeNull();
    // an admin may change any board, with anyone's saved answers
    const byAdmin = await api(
      `/api/boards/${id}`,
      SERVICE,
      { name: 'Ops', tiles: [...resized.body.tiles, { ...tiles[0], saved_id: bobs }] },
      'PUT',
    );
    expect(byAdmin).toMatchObject({ status: 200, body: { name: 'Ops', user_id: 'alice' } });

    // results: every tile read now, no request to the model
    const before = ctx.model!.requests.length;
    const results = await api(`/api/boards/${id}/results`, ALICE);
    expect(results.status).toBe(200);
    expect(results.body.board_id).toBe(id);
    expect(results.body.tiles.map((x: { saved_id: string }) => x.saved_id)).toEqual([names, count, bobs]);
    expect(results.body.tiles[1]).toMatchObject({ name: 'How many customers are there?', columns: ['customers'] });
    expect(results.body.tiles[1].answer).toMatch(/^Customers: [\d,]+\.$/);
    expect(Date.parse(results.body.tiles[0].read_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(results.body.tiles.every((x: { error?: unknown }) => x.error === undefined)).toBe(true);
    expect(ctx.model!.requests.length).toBe(before);

    expect((await api(`/api/boards/${id}`, ALICE, undefined, 'DELETE')).status).toBe(204);
    expect((await api(`/api/boards/${id}`, ALICE)).status).toBe(404);
    expect((await api(`/api/boards/${id}/results`, ALICE)).status).toBe(404);
  });
}

describe('boards with SQLite state', () => {
  crudScenario(() => ({}));

  describe("a viewer's data policy on an analyst's board", () => {
    const { ctx, start, api } = useBoardsApp(() => ({}));

    it('applies in each tile: masked column, filtered rows, a refused table as that tile only', async () => {
      await start();
      const [count, names] = await saveAnswers(api, ALICE, ['How many customers are there?', 'Names']);
      const products = await api('/api/saved', ALICE, { name: 'Products', sql: 'SELECT COUNT(*) AS n FROM products' });
      const gone = await api('/api/saved', ALICE, { name: 'Gone', sql: 'SELECT 1 AS one' });
      const tile = (saved_id: string, x: number) => ({ saved_id, x, y: 0, w: 3, h: 2 });
      const made = await api('/api/boards', ALICE, {
        name: 'Shop',
        tiles: [tile(count, 0), tile(names, 3), tile(products.body.id, 6), tile(gone.body.id, 9)],
      });
      expect(made.status).toBe(201);
      expect((await api(`/api/saved/${gone.body.id}`, ALICE, undefined, 'DELETE')).status).toBe(204);

      const db = new Database(path.join(ctx.dataDir, 'shop.db'), { readonly: true });
      const { country, mine, all } = db
        .prepare(
          'SELECT MIN(country) AS country, (SELECT COUNT(*) FROM customers c2 WHERE c2.country = MIN(c.country)) AS mine, COUNT(*) AS "all" FROM customers c',
        )
        .get() as { country: string; mine: number; all: number };
      db.close();
      expect(mine).toBeLessThan(all);
      expect((await api('/api/connections/default/policy', SERVICE, POLICY, 'PUT')).status).toBe(200);
      const issued = await api('/api/keys', SERVICE, { user_id: 'ana', role: 'viewer', attributes: { country } });
      const ana = issued.body.key as string;

      const before = ctx.model!.requests.length;
      const seen = (await api(`/api/boards/${made.body.id}/results`, ana)).body.tiles;
      expect(seen[0]).toMatchObject({ rows: [[mine]] });
      expect(seen[1].rows.length).toBeGreaterThan(0);
      for (const row of seen[1].rows) expect(row).toEqual(['****', country]);
      expect(seen[2]).toMatchObject({ rows: [], columns: [], error: { code: 'SQL_REFUSED' } });
      expect(seen[2].error.message).toContain('"products"');
      expect(seen[3]).toMatchObject({ name: null, rows: [], error: { code: 'NOT_FOUND' } });
      // the analyst (no policy entry) still sees everything; neither run asked the model
      const own = (await api(`/api/boards/${made.body.id}/results`, ALICE)).body.tiles;
      expect(own[0].rows).toEqual([[all]]);
      expect(own[2].error).toBeUndefined();
      expect(ctx.model!.requests.length).toBe(before);
    });
  });
});

describeWith('postgresql')('boards with PostgreSQL state', () => {
  const pg = usePostgresSchema('nlq_boards', 'Skipping the PostgreSQL state test of boards');
  crudScenario(() => (pg.admin ? { STATE_DATABASE_URL: `${PG}?schema=${pg.schema}` } : null));
});
