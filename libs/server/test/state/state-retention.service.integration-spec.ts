/** StateRetentionService on a real SQLite state database: one run prunes by the configured days and logs it; a
 * failed run is logged, not thrown; after shutdown no run starts. */
import type { Logger } from 'pino';
import { AppConfig } from '../../src/platform/config/app-config';
import { STATE_ENGINES, type OpenedState } from '../../src/testing/state-engines';
import { StateRetentionService } from '../../src/platform/state/state-retention.service';
import { TypeOrmStateStore } from '../../src/platform/state/typeorm-state.store';

const NOW = Date.parse('2026-06-30T12:00:00.000Z');

describe('StateRetentionService', () => {
  let opened: OpenedState;
  const logger = { info: jest.fn(), warn: jest.fn() };
  const service = (env: Record<string, string>) =>
    new StateRetentionService(
      new TypeOrmStateStore(opened.dataSource),
      AppConfig.fromEnv({ DATA_DIR: '/tmp/nlq-retention-service', ...env }),
      logger as unknown as Logger,
    );

  beforeAll(async () => {
    opened = await STATE_ENGINES[0].open();
  });
  afterAll(() => opened.cleanup());
  beforeEach(() => jest.clearAllMocks());

  it('prunes by HISTORY_RETENTION_DAYS and TRACE_RETENTION_DAYS and logs what it deleted', async () => {
    const old = new Date(NOW - 10 * 86_400_000).toISOString();
    await opened.dataSource.query(
      `INSERT INTO history_entry (id, kind, session_id, user_id, status, created_at) VALUES ('old', 'query', 's', 'u', 'ok', ?), ('new', 'query', 's', 'u', 'ok', ?)`,
      [old, new Date(NOW).toISOString()],
    );
    await opened.dataSource.query(
      `INSERT INTO trace (id, session_id, user_id, question, status, started_at, duration_ms, spans) VALUES ('t-old', 's2', 'u', 'q', 'ok', ?, 1, '[]')`,
      [old],
    );
    const result = await service({ HISTORY_RETENTION_DAYS: '7', TRACE_RETENTION_DAYS: '7' }).runOnce(NOW);
    expect(result).toEqual({ historyEntries: 1, traces: 1, pendingOperations: 0 });
    expect(logger.info).toHaveBeenCalledWith({ pruned: result }, expect.stringMatching(/pruned/));
    expect((await opened.dataSource.query('SELECT id FROM history_entry')).map((r: { id: string }) => r.id)).toEqual([
      'new',
    ]);
  });

  it('logs a failed run and resolves null; after shutdown it runs nothing', async () => {
    const failing = service({});
    jest.spyOn(TypeOrmStateStore.prototype, 'prune').mockRejectedValueOnce(new Error('database is locked'));
    expect(await failing.runOnce(NOW)).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringMatching(/failed/));
    await failing.onApplicationShutdown();
    expect(await failing.runOnce(NOW)).toBeNull();
    expect(logger.info).not.toHaveBeenCalled();
  });
});
