import { rememberSecrets } from '@nlq/pipeline';
import { splitConnectionUrl } from './connection-url-secrets';

/**
 * The api's side of the one error-text scrubber, which lives in @nlq/pipeline (libs/pipeline/src/secret-scrubber.ts)
 * so the trace recorder and live events use it too: `scrubMessage` and `rememberSecrets` are that module's.
 */
export { rememberSecrets, scrubMessage } from '@nlq/pipeline';

/**
 * Remember the password and secret-looking query parameters of a connection URL (see rememberSecrets), so no
 * message of this process (HTTP errors, live events, traces) shows them even where the URL's shape is gone.
 */
export function rememberConnectionUrlSecrets(url: string): void {
  const { secrets } = splitConnectionUrl(url.trim());
  if (!secrets) return;
  rememberSecrets(secrets.password, ...(secrets.params ?? []).map(([, v]) => v));
}
