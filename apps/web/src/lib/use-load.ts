import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useToast } from '../components/toasts';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: unknown;
  reload(): void;
}

/**
 * Load data on mount and whenever `deps` change; a failure becomes an error toast (docs/http-api.md "Contract: errors" rule 2) and `error`, unless
 * `quiet(error)` says the page shows that failure itself. Answers from an older call are dropped when a newer one
 * started.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  quiet?: (error: unknown) => boolean,
): Loaded<T> {
  const toast = useToast();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    load().then(
      (value) => {
        if (mine !== seq.current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (err) => {
        if (mine !== seq.current) return;
        setError(err);
        setLoading(false);
        if (!quiet?.(err)) toast.error(err);
      },
    );
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, error, reload };
}
