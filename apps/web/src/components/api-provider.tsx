import type { SignedInUser, WhoAmI } from '@nlq/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiClient, ApiError } from '../api/client';
import { loadKey, saveKey } from '../api/key-store';
import { LiveClient, type LiveStatus } from '../api/live';
import { API_BASE, liveUrl } from '../config';
import { KeyDialog } from './key-dialog';
import { SignInScreen } from './sign-in-screen';
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
  /** The signed-in person when sign-in (OpenID Connect) is configured, else null. */
  user: SignedInUser | null;
  /** End the sign-in session; the sign-in screen follows. */
  signOut(): Promise<void>;
}

/** How the app authenticates: unknown yet, the pasted API key, or the sign-in session cookie. */
type AuthMode = 'loading' | 'key' | 'session';

/** Sign-in state: the mode, the signed-in person (session mode) and why sign-in is asked for again. */
interface AuthState {
  mode: AuthMode;
  user: SignedInUser | null;
  reason: string | null;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/** The API client, live channel and caller of the nearest ApiProvider. */
export function useApi(): ApiContextValue {
  const v = useContext(ApiContext);
  if (!v) throw new Error('useApi outside ApiProvider');
  return v;
}

/**
 * Holds the API key (localStorage), one ApiClient and one LiveClient for the app. When the api reports sign-in
 * configured (GET /api/auth/config), the session cookie is used instead: children render once someone is signed in,
 * else (and after a 401, e.g. an expired session) the sign-in screen shows. Otherwise shows the key dialog when no
 * key is stored or when the API answers 401; children render only once a key is stored.
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
  const [auth, setAuth] = useState<AuthState>({ mode: 'loading', user: null, reason: null });
  const authRef = useRef(auth);
  authRef.current = auth;

  const client = useMemo(
    () =>
      new ApiClient({
        baseUrl: API_BASE,
        getKey: () => (authRef.current.mode === 'session' ? null : keyRef.current),
        credentials: () => (authRef.current.mode === 'session' ? 'include' : 'same-origin'),
        onUnauthorized: () =>
          authRef.current.mode === 'session'
            ? setAuth({ mode: 'session', user: null, reason: 'Your session has ended. Sign in again.' })
            : setDialog({ open: true, reason: 'The API refused the stored key. Enter a valid key.' }),
      }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    const settle = (state: AuthState) => !cancelled && setAuth(state);
    client.signInConfig().then(
      (config) =>
        config.oidc
          ? client.signedInUser().then(
              (user) => settle({ mode: 'session', user, reason: null }),
              () => settle({ mode: 'session', user: null, reason: null }),
            )
          : settle({ mode: 'key', user: null, reason: null }),
      () => settle({ mode: 'key', user: null, reason: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  const signOut = useCallback(async () => {
    await client.signOut().catch((err) => toast.error(err));
    setAuth({ mode: 'session', user: null, reason: null });
  }, [client, toast]);
  const live = useMemo(
    () =>
      new LiveClient({
        url: liveUrl(API_BASE, window.location),
        getKey: () => keyRef.current,
        signedIn: () => authRef.current.mode === 'session' && authRef.current.user !== null,
      }),
    [],
  );

  useEffect(() => live.onStatus(setLiveStatus), [live]);

  useEffect(() => {
    if (!key || auth.mode !== 'key') return;
    live.restart();
    let cancelled = false;
    client.me().then(
      (who) => !cancelled && setMe(who),
      (err) => !cancelled && toast.error(err),
    );
    return () => {
      cancelled = true;
    };
  }, [key, auth.mode, client, live, toast]);

  const signedInUser = auth.mode === 'session' ? auth.user?.user_id : undefined;
  useEffect(() => {
    if (auth.mode !== 'session') return;
    if (signedInUser) live.restart();
    else live.stop();
  }, [auth.mode, signedInUser, live]);

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

  const user = auth.mode === 'session' ? auth.user : null;
  const value = useMemo<ApiContextValue>(
    () => ({
      client,
      live,
      liveStatus,
      me: user ? { user_id: user.user_id, service: false, role: user.role, attributes: user.attributes } : me,
      hasKey: auth.mode === 'session' ? !!user : !!key,
      askForKey: () => setDialog({ open: true, reason: null }),
      user,
      signOut,
    }),
    [client, live, liveStatus, me, key, auth.mode, user, signOut],
  );

  if (auth.mode === 'loading') return <p className="muted center">Loading…</p>;
  if (auth.mode === 'session') {
    return (
      <ApiContext.Provider value={value}>
        {user ? children : <SignInScreen loginUrl={client.url('/api/auth/login')} reason={auth.reason} />}
      </ApiContext.Provider>
    );
  }
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
