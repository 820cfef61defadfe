import type { SignedInUser, WhoAmI } from '@nlq/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type MutableRefObject,
  type ReactNode,
  type SetStateAction,
} from 'react';
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

/** The key dialog: open or not, and why a key is asked for (null: no reason shown). */
interface KeyDialogState {
  open: boolean;
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
  const { key, setKey, keyRef, dialog, setDialog } = useStoredKey();
  const [me, setMe] = useState<WhoAmI | null>(null);
  const [auth, setAuth] = useState<AuthState>({ mode: 'loading', user: null, reason: null });
  const authRef = useRef(auth);
  authRef.current = auth;

  const client = useMemo(() => authAwareClient(keyRef, authRef, setAuth, setDialog), [keyRef, authRef, setDialog]);
  useSignInMode(client, setAuth);
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
    [keyRef, authRef],
  );
  const liveStatus = useLiveChannel(live, client, key, auth, setMe);
  const submitKey = useSubmitKey(setKey, setMe, setDialog);

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
    [client, live, liveStatus, me, key, auth.mode, user, signOut, setDialog],
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

/**
 * The stored API key (localStorage, api/key-store.ts), a ref to its latest value, and the key dialog, open when no
 * key is stored.
 */
function useStoredKey() {
  const [key, setKey] = useState<string | null>(() => loadKey());
  const keyRef = useRef(key);
  keyRef.current = key;
  const [dialog, setDialog] = useState<KeyDialogState>(() => ({ open: !loadKey(), reason: null }));
  return { key, setKey, keyRef, dialog, setDialog };
}

/**
 * The app's one ApiClient: the stored key in key mode, the session cookie in session mode. A 401 ends the sign-in
 * session (the sign-in screen follows) or, in key mode, opens the key dialog saying the key was refused.
 */
function authAwareClient(
  keyRef: MutableRefObject<string | null>,
  authRef: MutableRefObject<AuthState>,
  setAuth: Dispatch<SetStateAction<AuthState>>,
  setDialog: Dispatch<SetStateAction<KeyDialogState>>,
): ApiClient {
  return new ApiClient({
    baseUrl: API_BASE,
    getKey: () => (authRef.current.mode === 'session' ? null : keyRef.current),
    credentials: () => (authRef.current.mode === 'session' ? 'include' : 'same-origin'),
    onUnauthorized: () =>
      authRef.current.mode === 'session'
        ? setAuth({ mode: 'session', user: null, reason: 'Your session has ended. Sign in again.' })
        : setDialog({ open: true, reason: 'The API refused the stored key. Enter a valid key.' }),
  });
}

/**
 * Settle how the app authenticates (GET /api/auth/config): session mode with the signed-in person (or nobody yet)
 * when sign-in (OpenID Connect) is configured, else key mode, also when the question fails.
 */
function useSignInMode(client: ApiClient, setAuth: Dispatch<SetStateAction<AuthState>>) {
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
  }, [client, setAuth]);
}

/**
 * Run the /ws/live channel while someone may use it and answer its status: in key mode (re)started with each stored
 * key, which GET /api/me then names (a failure is an error toast); in session mode started while someone is signed
 * in, else stopped; stopped when the provider goes away.
 */
function useLiveChannel(
  live: LiveClient,
  client: ApiClient,
  key: string | null,
  auth: AuthState,
  setMe: Dispatch<SetStateAction<WhoAmI | null>>,
): LiveStatus {
  const toast = useToast();
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('idle');
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
  }, [key, auth.mode, client, live, toast, setMe]);

  const signedInUser = auth.mode === 'session' ? auth.user?.user_id : undefined;
  useEffect(() => {
    if (auth.mode !== 'session') return;
    if (signedInUser) live.restart();
    else live.stop();
  }, [auth.mode, signedInUser, live]);

  useEffect(() => () => live.stop(), [live]);
  return liveStatus;
}

/**
 * Check a key with GET /api/me before keeping it (stored, its caller known, the dialog closed); answers an error
 * text (a refused key, or the error's description) or null.
 */
function useSubmitKey(
  setKey: Dispatch<SetStateAction<string | null>>,
  setMe: Dispatch<SetStateAction<WhoAmI | null>>,
  setDialog: Dispatch<SetStateAction<KeyDialogState>>,
) {
  return useCallback(
    async (candidate: string): Promise<string | null> => {
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
    },
    [setKey, setMe, setDialog],
  );
}
