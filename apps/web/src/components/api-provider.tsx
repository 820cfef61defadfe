import type { WhoAmI } from '@nlq/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiClient, ApiError } from '../api/client';
import { loadKey, saveKey } from '../api/key-store';
import { LiveClient, type LiveStatus } from '../api/live';
import { API_BASE, liveUrl } from '../config';
import { KeyDialog } from './key-dialog';
import { useToast } from './toasts';

export interface ApiContextValue {
  client: ApiClient;
  live: LiveClient;
  liveStatus: LiveStatus;
  /** Who the stored key belongs to (null until /api/me answered). */
  me: WhoAmI | null;
  /** True when a key is stored. */
  hasKey: boolean;
  /** Open the key dialog (to change the key). */
  askForKey(): void;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/** The API client, live channel and caller of the nearest ApiProvider. */
export function useApi(): ApiContextValue {
  const v = useContext(ApiContext);
  if (!v) throw new Error('useApi outside ApiProvider');
  return v;
}

/**
 * Holds the API key (localStorage), one ApiClient and one LiveClient for the app. Shows the key dialog when no key
 * is stored or when the API answers 401; children render only once a key is stored.
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [key, setKey] = useState<string | null>(() => loadKey());
  const keyRef = useRef(key);
  keyRef.current = key;
  const [dialog, setDialog] = useState<{ open: boolean; reason: string | null }>(() => ({
    open: !loadKey(),
    reason: null,
  }));
  const [me, setMe] = useState<WhoAmI | null>(null);
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('idle');

  const client = useMemo(
    () =>
      new ApiClient({
        baseUrl: API_BASE,
        getKey: () => keyRef.current,
        onUnauthorized: () => setDialog({ open: true, reason: 'The API refused the stored key. Enter a valid key.' }),
      }),
    [],
  );
  const live = useMemo(
    () => new LiveClient({ url: liveUrl(API_BASE, window.location), getKey: () => keyRef.current }),
    [],
  );

  useEffect(() => live.onStatus(setLiveStatus), [live]);

  useEffect(() => {
    if (!key) return;
    live.restart();
    let cancelled = false;
    client.me().then(
      (who) => !cancelled && setMe(who),
      (err) => !cancelled && toast.error(err),
    );
    return () => {
      cancelled = true;
    };
  }, [key, client, live, toast]);

  useEffect(() => () => live.stop(), [live]);

  /** Check a key with GET /api/me before keeping it; answers an error text or null. */
  const submitKey = useCallback(async (candidate: string): Promise<string | null> => {
    const probe = new ApiClient({ baseUrl: API_BASE, getKey: () => candidate });
    try {
      const who = await probe.me();
      saveKey(candidate);
      setMe(who);
      setKey(candidate);
      setDialog({ open: false, reason: null });
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.unauthorized) return 'This key was refused by the API.';
      return err instanceof ApiError ? err.describe() : String(err);
    }
  }, []);

  const value = useMemo<ApiContextValue>(
    () => ({ client, live, liveStatus, me, hasKey: !!key, askForKey: () => setDialog({ open: true, reason: null }) }),
    [client, live, liveStatus, me, key],
  );

  return (
    <ApiContext.Provider value={value}>
      {key ? children : <p className="muted center">An API key is needed to use nlq.</p>}
      {dialog.open && (
        <KeyDialog
          reason={dialog.reason}
          onSubmit={submitKey}
          onCancel={key ? () => setDialog({ open: false, reason: null }) : undefined}
        />
      )}
    </ApiContext.Provider>
  );
}
