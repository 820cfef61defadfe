import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Settings of {@link startOidcProvider}. */
export interface OidcProviderSettings {
  clients: Array<{ client_id: string; client_secret?: string; redirect_uris: string[] }>;
  /** Login name -> extra claims (e.g. `{ groups: ['nlq-admins'], name: 'Ana' }`). */
  users: Record<string, Record<string, unknown>>;
  /** Lifetime of the provider's own sign-in session, in seconds (default 60). */
  sessionSeconds?: number;
}

/** A running provider: its issuer URL (`http://127.0.0.1:<port>`) and how to stop it. */
export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Start a real OpenID provider (the `oidc-provider` package, in a child Node process: see oidc-provider-server.mjs)
 * with PKCE required, a `groups` scope and claim, a login page that accepts any password, and automatic consent.
 * @throws Error when it does not report ready within 20 seconds
 */
export function startOidcProvider(settings: OidcProviderSettings): Promise<OidcProvider> {
  const child = spawn(process.execPath, [path.join(__dirname, 'oidc-provider-server.mjs')], {
    env: { ...process.env, OIDC_TEST_SETTINGS: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`OpenID provider did not start: ${errors}`)), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`OpenID provider exited (${code}): ${errors}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /READY (\S+)/.exec(chunk.toString());
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ issuer: match[1], close: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}
