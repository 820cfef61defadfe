import type { Benchmark } from '@nlq/contracts';
import { useApi } from '../components/api-provider';
import { isForbiddenError } from './forbidden';
import { useLoad, type Loaded } from './use-load';

/**
 * The benchmarks of a connection (all when `connectionId` is null), reloaded when the key changes. A user key may not
 * read them (403): the list is then empty and no toast is shown.
 */
export function useBenchmarks(connectionId: string | null): Loaded<Benchmark[]> {
  const { client, me } = useApi();
  const loaded = useLoad(
    () => client.benchmarks(connectionId ?? undefined).then((list) => list.items),
    [client, connectionId, me?.user_id],
    isForbiddenError,
  );
  return { ...loaded, data: isForbiddenError(loaded.error) ? [] : loaded.data };
}
