export interface SignInScreenProps {
  /** The api's /api/auth/login URL: the provider's login page follows. */
  loginUrl: string;
  /** Why sign-in is asked for again (e.g. the session expired), shown above the button. */
  reason: string | null;
}

/**
 * Shown instead of the app when sign-in with OpenID Connect is configured and nobody is signed in (or the session
 * expired): one "Sign in" link to the api's /api/auth/login, which sends the browser to the provider and back.
 */
export function SignInScreen({ loginUrl, reason }: SignInScreenProps) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="sign-in-title" data-testid="sign-in">
        <h2 id="sign-in-title">Sign in to nlq</h2>
        <p className="muted">nlq uses your organisation&apos;s sign-in.</p>
        {reason && <p className="warn">{reason}</p>}
        <div className="row end">
          <a className="button" href={loginUrl} data-testid="sign-in-button">
            Sign in
          </a>
        </div>
      </div>
    </div>
  );
}
