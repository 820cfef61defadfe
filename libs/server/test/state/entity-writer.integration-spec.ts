import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type OpenedState, type StateEngine } from '../../src/testing/state-engines';
import { HistoryEntryEntity, TraceEntity } from '../../src/platform/state/entities';
import { EntityWriter } from '../../src/platform/state/entity-writer';

const span = (name: string) => ({
  name,
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 0.5,
  outcome: 'ok' as const,
  tokens: null,
  error: null,
  detail: { quote: "it's" },
});

const trace = (id: string, question: string): TraceEntity => ({
  id,
  sessionId: 'writer',
  userId: 'u',
  question,
  sql: null,
  status: 'ok',
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 2.5,
  error: null,
  spans: [span('intake'), span('execute')],
});

describeEachWith(STATE_ENGINES, (engine) => engine.services)('EntityWriter on $name', (engine: StateEngine) => {
  let handle: OpenedState | undefined;

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.cleanup();
  });

  it('inserts rows that read back as TypeORM wrote them: JSON columns, nulls, missing properties, generated keys in order', async () => {
    if (!handle) return;
    const writer = new EntityWriter(handle.dataSource, HistoryEntryEntity);
    const row = (id: string, question: string | null): Partial<HistoryEntryEntity> => ({
      id,
      kind: 'query',
      sessionId: 'writer',
      userId: 'u',
      question,
      status: 'ok',
      rowCount: 3,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    await writer.insert([row('w-1', 'first'), row('w-2', "it's second"), row('w-3', null)]);
    const stored = await handle.dataSource
      .getRepository(HistoryEntryEntity)
      .find({ where: { sessionId: 'writer' }, order: { seq: 'ASC' } });
    expect(stored.map((e) => [e.id, e.question, e.rowCount, e.sql, e.connectionId])).toEqual([
      ['w-1', 'first', 3, null, null],
      ['w-2', "it's second", 3, null, null],
      ['w-3', null, 3, null, null],
    ]);
    expect(stored[0].seq).toBeLessThan(stored[1].seq);
    await expect(writer.insert([row('w-1', 'again')])).rejects.toThrow();
  });

  it('upserts on the conflict key: a stored row is replaced, a new one added, in one statement', async () => {
    if (!handle) return;
    const writer = new EntityWriter(handle.dataSource, TraceEntity, ['id']);
    await writer.insert([trace('t-1', 'old')]);
    await writer.insert([trace('t-1', 'new'), trace('t-2', 'other')]);
    const repo = handle.dataSource.getRepository(TraceEntity);
    expect((await repo.findOneByOrFail({ id: 't-1' })).question).toBe('new');
    const t2 = await repo.findOneByOrFail({ id: 't-2' });
    expect({ ...t2 }).toEqual(trace('t-2', 'other'));
  });

  it('writes inside the caller’s transaction: a rollback leaves nothing', async () => {
    if (!handle) return;
    const writer = new EntityWriter(handle.dataSource, TraceEntity, ['id']);
    await expect(
      handle.dataSource.transaction(async (manager) => {
        await writer.insert([trace('t-rolled-back', 'q')], manager);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await handle.dataSource.getRepository(TraceEntity).findOneBy({ id: 't-rolled-back' })).toBeNull();
  });

  it('splits a batch larger than one statement may bind', async () => {
    if (!handle) return;
    const writer = new EntityWriter(handle.dataSource, TraceEntity, ['id']);
    const many = Array.from({ length: 3_500 }, (_, i) => trace(`bulk-${i}`, `q${i}`));
    await writer.insert(many);
    expect(await handle.dataSource.getRepository(TraceEntity).count({ where: { sessionId: 'writer' } })).toBe(
      3_500 + 2,
    );
  });

  it('refuses a conflict property the entity does not have', () => {
    if (!handle) return;
    expect(() => new EntityWriter(handle!.dataSource, TraceEntity, ['nope' as never])).toThrow(
      'TraceEntity has no property nope',
    );
  });
});
