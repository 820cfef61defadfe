import { describeEachWith } from '@nlq/test-services';
import { DataPolicyEntity } from '../../src/platform/api-state/data-policy.entity';
import { STATE_ENGINES, type OpenedState, type StateEngine } from '../../src/testing/state-engines';
import { dataPolicySource } from '../../src/platform/pipeline/data-policy-source';

describeEachWith(STATE_ENGINES, (engine) => engine.services)('dataPolicySource on $name', (engine: StateEngine) => {
  let handle: OpenedState | undefined;

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.cleanup();
  });

  it('reads no roles at version 0 before a policy is saved, then each saved version of that connection only', async () => {
    if (!handle) return;
    const source = dataPolicySource(handle.dataSource);
    expect(await source.policyFor('shop')).toEqual({ document: { roles: {} }, version: 0 });
    const repo = handle.dataSource.getRepository(DataPolicyEntity);
    const row = (connectionId: string, version: number, tables: string[]) => ({
      connectionId,
      body: JSON.stringify({ roles: { viewer: { tables } } }),
      version,
      updatedAt: new Date(Date.UTC(2026, 0, version)).toISOString(),
      updatedBy: 'admin',
    });
    await repo.save(row('shop', 1, ['orders']));
    await repo.save(row("it's other", 4, ['customers']));
    expect(await source.policyFor('shop')).toEqual({
      document: { roles: { viewer: { tables: ['orders'] } } },
      version: 1,
    });
    await repo.save(row('shop', 2, ['orders', 'products']));
    expect(await source.policyFor('shop')).toEqual({
      document: { roles: { viewer: { tables: ['orders', 'products'] } } },
      version: 2,
    });
    expect(await source.policyFor("it's other")).toEqual({
      document: { roles: { viewer: { tables: ['customers'] } } },
      version: 4,
    });
  });
});
