import { historyEntry } from '@nlq/pipeline';
import { describeEachWith } from '@nlq/test-services';
import { STATE_ENGINES, type OpenedState, type StateEngine } from '../../src/testing/state-engines';
import { HistoryEntryEntity, TraceEntity } from '../../src/platform/state/entities';
import { EntityReader } from '../../src/platform/state/entity-reader';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

describeEachWith(STATE_ENGINES, (engine) => engine.services)('EntityReader on $name', (engine: StateEngine) => {
  let handle: OpenedState | undefined;

  beforeAll(async () => {
    handle = await engine.open();
    if (!handle) return;
    const store = new TypeOrmStateStore(handle.dataSource);
    const at = Date.UTC(2025, 0, 1);
    await store.appendRecords({
      history: [
        historyEntry(
          {
            kind: 'query',
            session_id: 'reader',
            user_id: 'u',
            question: 'q1',
            sql: 'SELECT 1',
            status: 'ok',
            row_count: 1,
            connection_id: 'default',
          },
          at,
        ),
        historyEntry(
          {
            kind: 'query',
            session_id: 'reader',
            user_id: 'u',
            question: "it's q2",
            sql: null,
            status: 'error',
            error: 'bad',
            connection_id: 'default',
          },
          at + 1,
        ),
        historyEntry(
          { kind: 'query', session_id: 'other', user_id: 'u', question: 'q3', status: 'ok', connection_id: 'default' },
          at + 2,
        ),
      ],
      traces: [
        {
          id: 'trace-reader',
          sessionId: 'reader',
          userId: 'u',
          question: 'q1',
          sql: 'SELECT 1',
          status: 'ok',
          startedAt: new Date(at).toISOString(),
          durationMs: 1.5,
          spans: [
            {
              name: 'intake',
              startedAt: new Date(at).toISOString(),
              durationMs: 0.25,
              outcome: 'ok',
              tokens: null,
              error: null,
              detail: { chars: 2 },
            },
          ],
          error: null,
        },
      ],
    });
  });
  afterAll(async () => {
    await handle?.cleanup();
  });

  it('reads the entities find() reads: every column, nulls, parsed JSON, numbers; condition, order and limit applied', async () => {
    if (!handle) return;
    const history = new EntityReader(handle.dataSource, HistoryEntryEntity);
    const viaFind = await handle.dataSource
      .getRepository(HistoryEntryEntity)
      .find({ where: { sessionId: 'reader' }, order: { seq: 'DESC' }, take: 1 });
    const viaReader = await history.many(
      `${history.column('sessionId')} = :sessionId`,
      { sessionId: 'reader' },
      `ORDER BY ${history.column('seq')} DESC LIMIT 1`,
    );
    expect(viaReader).toHaveLength(1);
    expect({ ...viaReader[0] }).toEqual({ ...viaFind[0] });
    expect(viaReader[0]).toMatchObject({ question: "it's q2", sql: null, error: 'bad' });
    expect(typeof viaReader[0].seq).toBe('number');

    const all = await history.many(
      `${history.column('sessionId')} = :sessionId`,
      { sessionId: 'reader' },
      `ORDER BY ${history.column('seq')} ASC`,
    );
    expect(all.map((e) => e.question)).toEqual(['q1', "it's q2"]);

    const traces = new EntityReader(handle.dataSource, TraceEntity);
    const [trace] = await traces.many(`${traces.column('id')} = :id`, { id: 'trace-reader' });
    expect({ ...trace }).toEqual({
      ...(await handle.dataSource.getRepository(TraceEntity).findOneByOrFail({ id: 'trace-reader' })),
    });
    expect(trace.spans).toEqual([expect.objectContaining({ name: 'intake', durationMs: 0.25, detail: { chars: 2 } })]);
    expect(await traces.many(`${traces.column('id')} = :id`, { id: "no'such" })).toEqual([]);
  });

  it('refuses a property the entity does not have', () => {
    if (!handle) return;
    expect(() => new EntityReader(handle!.dataSource, HistoryEntryEntity).column('nope' as never)).toThrow(
      'HistoryEntryEntity has no property nope',
    );
  });
});
